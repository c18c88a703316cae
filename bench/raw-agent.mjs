#!/usr/bin/env node
// The floor for peer start-up: an ACP agent in 30 lines of node built-ins, no parsing
// library, no validation. It answers initialize and session/new, and exits when stdin ends.
import { randomUUID } from "node:crypto";

let pending = "";
const reply = (id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);

process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  pending += chunk;
  for (let newline = pending.indexOf("\n"); newline !== -1; newline = pending.indexOf("\n")) {
    const line = pending.slice(0, newline);
    pending = pending.slice(newline + 1);
    if (!line.trim()) continue;
    const message = JSON.parse(line);
    if (message.id === undefined) continue;
    if (message.method === "initialize") {
      reply(message.id, {
        protocolVersion: 1,
        agentCapabilities: {},
        authMethods: [],
        agentInfo: { name: "raw", version: "1" },
      });
    } else if (message.method === "session/new") {
      reply(message.id, { sessionId: randomUUID() });
    } else {
      process.stdout.write(
        `${JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } })}\n`,
      );
    }
  }
});
process.stdin.on("end", () => process.exit(0));
