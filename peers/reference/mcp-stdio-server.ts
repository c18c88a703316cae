#!/usr/bin/env node
/**
 * The reference client's own stdio MCP server, the one it lists in session/new (an absolute
 * command: this Node, this file), so a client that passes MCP servers is what the kit tests. It
 * offers nothing: it answers MCP's initialize handshake and an empty tools/list, refuses any
 * other request, and exits when its stdin closes (when the agent that started it goes).
 */
import { createInterface } from "node:readline";

const send = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);

createInterface({ input: process.stdin }).on("line", (line) => {
  let message: { id?: unknown; method?: unknown; params?: { protocolVersion?: unknown } };
  try {
    message = JSON.parse(line) as typeof message;
  } catch {
    return;
  }
  if (message.id === undefined || typeof message.method !== "string") return; // notifications need no answer
  if (message.method === "initialize")
    send({
      jsonrpc: "2.0",
      id: message.id,
      result: {
        protocolVersion: message.params?.protocolVersion ?? "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "acp-conformance-reference-mcp", version: "1.0.0" },
      },
    });
  else if (message.method === "tools/list") send({ jsonrpc: "2.0", id: message.id, result: { tools: [] } });
  else
    send({
      jsonrpc: "2.0",
      id: message.id,
      error: { code: -32601, message: `Method not found: ${message.method}` },
    });
});
process.stdin.on("end", () => process.exit(0));
