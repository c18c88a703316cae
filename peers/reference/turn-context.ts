/**
 * What the reference client adds to its session/new and session/prompt beyond the bare
 * minimum, so the kit's checks of those params have something to judge on the reference run:
 * one stdio MCP server (mcp-stdio-server.ts, started with this Node by absolute path) and W3C
 * trace context on the prompt (a fresh traceparent, as an OpenTelemetry-instrumented client
 * propagates it in _meta).
 */
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import type * as acp from "@agentclientprotocol/sdk";

/** The MCP servers the reference client lists in session/new. */
export function referenceMcpServers(): acp.McpServer[] {
  const server = fileURLToPath(new URL("./mcp-stdio-server.js", import.meta.url));
  return [{ name: "acp-conformance-reference", command: process.execPath, args: [server], env: [] }];
}

/** A _meta carrying a new trace's traceparent (version 00, sampled). */
export function traceMeta(): { traceparent: string } {
  return { traceparent: `00-${randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-01` };
}
