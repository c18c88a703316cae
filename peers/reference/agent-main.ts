#!/usr/bin/env node
/**
 * The reference agent on stdio. One addition to the SDK's transport: the SDK takes an object
 * with an id but no method for a response to nothing and drops it, where JSON-RPC asks for
 * error -32600, so those lines are answered here before the rest reach the SDK.
 */
import { PassThrough, Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { createReferenceAgent } from "./agent.js";

/** Lines longer than this cannot be a bare `{"jsonrpc":"2.0","id":...}`; skip parsing them twice. */
const SMALL_LINE_BYTES = 4096;

function isRequestWithoutMethod(line: Buffer): { id: unknown } | undefined {
  if (line.length > SMALL_LINE_BYTES) return undefined;
  try {
    const value: unknown = JSON.parse(line.toString("utf8"));
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    if ("method" in value || "result" in value || "error" in value || !("id" in value)) return undefined;
    const id = (value as { id: unknown }).id;
    return { id: typeof id === "string" || typeof id === "number" ? id : null };
  } catch {
    return undefined;
  }
}

const toSdk = new PassThrough();
const fromSdk = new PassThrough();
fromSdk.pipe(process.stdout);

let pending: Buffer[] = [];
process.stdin.on("data", (chunk: Buffer) => {
  let start = 0;
  for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
    const line = Buffer.concat([...pending, chunk.subarray(start, newline)]);
    pending = [];
    start = newline + 1;
    const invalid = isRequestWithoutMethod(line);
    if (invalid) fromSdk.write(`${JSON.stringify({ jsonrpc: "2.0", id: invalid.id, error: { code: -32600, message: "Invalid request: an id without a method" } })}\n`);
    else toSdk.write(Buffer.concat([line, Buffer.from("\n")]));
  }
  if (start < chunk.length) pending.push(Buffer.from(chunk.subarray(start)));
});
process.stdin.on("end", () => {
  if (pending.length > 0) toSdk.write(Buffer.concat(pending));
  toSdk.end();
});

const stream = acp.ndJsonStream(Writable.toWeb(fromSdk) as WritableStream<Uint8Array>, Readable.toWeb(toSdk) as ReadableStream<Uint8Array>);
const connection = createReferenceAgent().connect(stream);
await connection.closed;
// Nothing else is left to do once the client has gone; do not wait for stray timers.
fromSdk.end(() => process.exit(0));
