// The framer figures of npm run bench: the kit's framer, a bare split + JSON.parse loop and the
// SDK's ndJsonStream, each reading the same 100 MB of realistic ACP traffic in 64 KiB reads.
import { performance } from "node:perf_hooks";
import { ndJsonStream } from "@agentclientprotocol/sdk";
import { NdjsonFramer } from "../dist/kit/wire/framer.js";

const MIB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** About 100 MB of realistic ACP traffic: updates of mixed sizes with unicode, tool calls, responses. */
function realisticFrames(totalBytes) {
  const texts = [
    "ok",
    "Let me look at the file.",
    "é ü 😀 中文 — résumé ".repeat(20),
    "x".repeat(4096),
    'const value = "quoted\\n";\n'.repeat(400),
    "🙂".repeat(8000),
  ];
  const frames = [];
  let size = 0;
  for (let index = 0; size < totalBytes; index++) {
    const text = texts[index % texts.length];
    const frame =
      index % 7 === 0
        ? { jsonrpc: "2.0", id: index, result: { stopReason: "end_turn" } }
        : index % 5 === 0
          ? {
              jsonrpc: "2.0",
              method: "session/update",
              params: {
                sessionId: "sess-1",
                update: {
                  sessionUpdate: "tool_call",
                  toolCallId: `t${index}`,
                  title: text.slice(0, 80),
                  kind: "edit",
                  status: "pending",
                },
              },
            }
          : {
              jsonrpc: "2.0",
              method: "session/update",
              params: {
                sessionId: "sess-1",
                update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } },
              },
            };
    const line = Buffer.from(`${JSON.stringify(frame)}\n`);
    frames.push(line);
    size += line.length;
  }
  return Buffer.concat(frames);
}

function kitFramer(chunks) {
  const framer = new NdjsonFramer({ maxLineBytes: 32 * MIB });
  let count = 0;
  const take = (items) => {
    for (const item of items) {
      if (item.kind !== "line") continue;
      JSON.parse(item.text);
      count++;
    }
  };
  for (const chunk of chunks) take(framer.push(chunk));
  take(framer.end());
  return count;
}

function bareSplit(chunks) {
  const decoder = new TextDecoder();
  let pending = "";
  let count = 0;
  for (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) {
      if (!line) continue;
      JSON.parse(line);
      count++;
    }
  }
  return count;
}

async function sdkStream(chunks) {
  let index = 0;
  const readable = new ReadableStream({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(new Uint8Array(chunks[index++]));
      else controller.close();
    },
  });
  const writable = new WritableStream({ write() {} });
  const stream = ndJsonStream(writable, readable);
  const reader = stream.readable.getReader();
  let count = 0;
  for (;;) {
    const { done } = await reader.read();
    if (done) break;
    count++;
  }
  return count;
}

async function bestOf(run, chunks) {
  let best;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    const count = await run(chunks);
    const seconds = (performance.now() - started) / 1000;
    if (!best || seconds < best.seconds) best = { seconds, count };
  }
  return best;
}

/** Best of three rounds of each reader over the same traffic. */
export async function measureFramers() {
  const traffic = realisticFrames(100 * 1000 * 1000);
  const chunks = [];
  for (let offset = 0; offset < traffic.length; offset += CHUNK)
    chunks.push(traffic.subarray(offset, offset + CHUNK));
  return {
    traffic,
    kit: await bestOf(kitFramer, chunks),
    bare: await bestOf(bareSplit, chunks),
    sdk: await bestOf(sdkStream, chunks),
  };
}
