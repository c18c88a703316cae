#!/usr/bin/env node
/** The reference agent on stdio: the SDK's NDJSON transport over this process's stdin and stdout. */
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { createReferenceAgent } from "./agent.js";
import { runTerminalLoginIfAsked } from "./auth-state.js";

runTerminalLoginIfAsked();

const stream = acp.ndJsonStream(
  Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
  Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
);
const connection = createReferenceAgent({ terminalLogin: true, logoutEndsLogin: true }).connect(stream);
await connection.closed;
// The client has gone (stdin closed): nothing is left to do, so do not wait for stray timers.
process.exit(0);
