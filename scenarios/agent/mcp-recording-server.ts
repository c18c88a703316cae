#!/usr/bin/env node
/**
 * The stdio MCP server the kit lists in session/new (scenarios/agent/mcp-servers.ts). It
 * records, one JSON line each to the file its first argument names, that it started (with the
 * arguments and the kit's env variable it got) and every MCP message it received, and answers
 * `initialize` as a minimal MCP server with no tools. It exits when its stdin ends, as MCP's
 * stdio transport expects. It imports nothing: it runs as its own process, and nothing imports it.
 */
import { appendFileSync } from "node:fs";

/** The kit's env entries for the server start with this; the record shows which arrived. */
const KIT_ENV_PREFIX = "ACP_CONFORMANCE_MCP_";

const [recordPath, ...args] = process.argv.slice(2);
if (recordPath === undefined) {
  process.stderr.write("usage: mcp-recording-server <record-file> [args...]\n");
  process.exit(2);
}
const record = (entry: Record<string, unknown>) => appendFileSync(recordPath, `${JSON.stringify(entry)}\n`);
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name.startsWith(KIT_ENV_PREFIX)),
);
record({ event: "started", pid: process.pid, args, env });
let buffered = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (text: string) => {
  buffered += text;
  const lines = buffered.split("\n");
  buffered = lines.pop() ?? "";
  for (const line of lines) {
    if (line.trim() === "") continue;
    let message: { id?: unknown; method?: unknown; params?: unknown };
    try {
      message = JSON.parse(line) as typeof message;
    } catch {
      record({ event: "unparsable", line: line.slice(0, 200) });
      continue;
    }
    record({ event: "message", method: message.method ?? null, params: message.params ?? null });
    if (message.method === "initialize" && message.id !== undefined) {
      const params = (message.params ?? {}) as { protocolVersion?: unknown };
      const result = {
        protocolVersion: typeof params.protocolVersion === "string" ? params.protocolVersion : "2025-06-18",
        capabilities: {},
        serverInfo: { name: "acp-conformance-recording-server", version: "1.0.0" },
      };
      process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id: message.id, result })}\n`);
    } else if (message.id !== undefined && typeof message.method === "string") {
      const error = { code: -32601, message: `Method not found: ${message.method}` };
      process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id: message.id, error })}\n`);
    }
  }
});
process.stdin.on("end", () => process.exit(0));
process.stdout.on("error", () => process.exit(0));
