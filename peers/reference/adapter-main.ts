#!/usr/bin/env node
/**
 * The bundled reference stdio adapter: what `acp-conformance adapter` tests when no command is
 * given. It reads the envelope, refuses what it cannot handle with an error event and exit 1,
 * otherwise appends a line to README.md in its working directory, reports it in message
 * events, and exits 0.
 */
import { appendFileSync } from "node:fs";

const MAX_ENVELOPE_BYTES = 1024 * 1024;

function emit(event: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

function fail(message: string): never {
  emit({ type: "error", message });
  process.stdout.write("", () => process.exit(1));
  throw new Error(message);
}

const chunks: Buffer[] = [];
let size = 0;
for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
  size += chunk.length;
  if (size > MAX_ENVELOPE_BYTES) fail(`the envelope is larger than ${MAX_ENVELOPE_BYTES} bytes`);
  chunks.push(chunk);
}
let envelope: { protocolVersion?: unknown; task?: { request?: unknown }; prompt?: unknown };
try {
  envelope = JSON.parse(Buffer.concat(chunks).toString("utf8"));
} catch {
  fail("the envelope is not valid JSON");
}
if (envelope.protocolVersion !== 1)
  fail(`unsupported protocolVersion ${JSON.stringify(envelope.protocolVersion)}; this adapter speaks 1`);
if (typeof envelope.task !== "object" || envelope.task === null || typeof envelope.prompt !== "string")
  fail("the envelope needs a task object and a prompt string");
const request = typeof envelope.task.request === "string" ? envelope.task.request : "(no request)";
emit({ type: "message", id: "start", text: `Working on: ${request.slice(0, 200)}` });
appendFileSync("README.md", `\nThe acp-conformance reference adapter ran: ${request.slice(0, 200)}\n`);
emit({ type: "message", id: "done", text: "Done: README.md now says the task ran." });
process.stdout.write("", () => process.exit(0));
