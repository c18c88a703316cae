#!/usr/bin/env node
/**
 * The reference agent on stdio: the SDK's NDJSON transport over this process's stdin and stdout,
 * routed by the version the client's initialize asks for: the v1 agent (agent.ts) for 1, the v2
 * agent (v2/agent.ts) for 2 or later, so a v1 client gets exactly the v1 agent. A v2 connection
 * also takes JSON-RPC batches (v2/batches.ts), which the SDK does not.
 */
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { agentProtocolRouter } from "@agentclientprotocol/sdk/experimental/v2";
import { createReferenceAgent } from "./agent.js";
import { exitOnceSent } from "./exit-once-sent.js";
import { runTerminalLoginIfAsked } from "./auth-state.js";
import { createReferenceAgentV2 } from "./v2/agent.js";
import { V2Batches } from "./v2/batches.js";

runTerminalLoginIfAsked();

let writeLine: (frame: unknown) => Promise<void> = async () => undefined;
const batches = new V2Batches((frame) => writeLine(frame));
const stream = acp.ndJsonStream(
  Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
  (Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>).pipeThrough(batches.splitter()),
);
const writer = stream.writable.getWriter();
writeLine = (frame) => writer.write(frame as acp.AnyMessage);
const connection = agentProtocolRouter()
  .withV1(createReferenceAgent({ terminalLogin: true, logoutEndsLogin: true }))
  .withV2(createReferenceAgentV2())
  .connect({
    readable: stream.readable,
    writable: new WritableStream<acp.AnyMessage>({ write: (message) => batches.send(message) }),
  });
await connection.closed;
// The client has gone (stdin closed): send what was already scheduled, then do not wait for stray timers.
exitOnceSent();
