/**
 * JSON-RPC batches for the reference agent's v2 connections (transports.mdx, "JSON-RPC Batch
 * Messages"). The SDK refuses every array line, so this sits between the NDJSON stream and the
 * router: once the agent has answered initialize with version 2, an array line is split into its
 * entries for the router, and the responses to its requests are held and written back as one
 * array. A v1 connection never sees it (v1 has no batches: arrays still reach the SDK, which
 * refuses them as before).
 *
 * Each step is a member of BatchHandling so the one-defect v2 fixtures can change exactly one
 * (fixtures/agents/v2/tweaked-reference-v2.ts).
 */
import type * as acp from "@agentclientprotocol/sdk";

type Frame = Record<string, unknown>;

const NEWLINE = 0x0a;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

function concat(head: Uint8Array, chunk: Uint8Array): Uint8Array {
  if (head.length === 0) return chunk;
  const joined = new Uint8Array(head.length + chunk.length);
  joined.set(head);
  joined.set(chunk, head.length);
  return joined;
}

const invalidRequest = (message: string): Frame => ({
  jsonrpc: "2.0",
  id: null,
  error: { code: -32600, message: `Invalid request: ${message}` },
});

export interface BatchHandling {
  /** What `[]` gets: one Invalid Request error with id null, not an array. */
  emptyBatch(): unknown;
  /** The response an invalid entry of a non-empty batch gets in the batch's answer (none to drop it). */
  invalidEntry(entry: unknown): Frame | undefined;
  /** A response to a notification of a batch; the reference sends none (a notification is never answered). */
  notificationAnswer(notification: Frame): Frame | undefined;
  /** The lines that carry a finished batch's responses: one array. */
  lines(responses: Frame[]): unknown[];
}

export const CONFORMANT_BATCH_HANDLING: BatchHandling = {
  emptyBatch: () => invalidRequest("an empty batch"),
  invalidEntry: () => invalidRequest("a batch entry that is not a JSON-RPC message"),
  notificationAnswer: () => undefined,
  lines: (responses) => [responses],
};

interface PendingBatch {
  /** The ids (as JSON) of the batch's requests not answered yet. */
  waiting: Set<string>;
  responses: Frame[];
}

function isMessage(entry: unknown): entry is Frame {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return false;
  const frame = entry as Frame;
  if (frame.jsonrpc !== "2.0") return false;
  return typeof frame.method === "string" || ("id" in frame && ("result" in frame || "error" in frame));
}

export class V2Batches {
  readonly #write: (frame: unknown) => Promise<void>;
  readonly #handling: BatchHandling;
  readonly #pending: PendingBatch[] = [];
  #initializeId: string | undefined;
  #v2 = false;
  /** initialize has been answered: the connection's version is settled. */
  #agreed = false;

  /** `write` puts one line on the wire (an object or an array). */
  constructor(write: (frame: unknown) => Promise<void>, handling: Partial<BatchHandling> = {}) {
    this.#write = write;
    this.#handling = { ...CONFORMANT_BATCH_HANDLING, ...handling };
  }

  /**
   * Kit to agent, on the bytes before the NDJSON reader (which refuses every array): once the
   * connection is v2, an array line becomes its valid entries, one line each; any other line
   * passes unchanged. Before that, bytes pass untouched, so v1 is exactly the SDK's.
   */
  splitter(): TransformStream<Uint8Array, Uint8Array> {
    let tail: Uint8Array = new Uint8Array(0);
    let midLine = false;
    return new TransformStream<Uint8Array, Uint8Array>({
      transform: async (chunk, controller) => {
        if (!this.#v2) {
          // Until initialize is answered, look for it (the kit sends it whole, on a line of its own).
          if (!this.#agreed) this.#noteInitialize(decoder.decode(chunk));
          midLine = chunk.length > 0 && chunk[chunk.length - 1] !== NEWLINE;
          controller.enqueue(chunk);
          return;
        }
        let bytes = concat(tail, chunk);
        if (midLine) {
          // The rest of a line that began before v2 was agreed: pass it on as it is.
          const end = bytes.indexOf(NEWLINE);
          if (end < 0) {
            controller.enqueue(bytes);
            tail = new Uint8Array(0);
            return;
          }
          controller.enqueue(bytes.subarray(0, end + 1));
          bytes = bytes.subarray(end + 1);
          midLine = false;
        }
        for (let end = bytes.indexOf(NEWLINE); end >= 0; end = bytes.indexOf(NEWLINE)) {
          const line = bytes.subarray(0, end + 1);
          bytes = bytes.subarray(end + 1);
          const entries = await this.#batchEntries(line);
          controller.enqueue(
            entries ? encoder.encode(entries.map((entry) => `${JSON.stringify(entry)}\n`).join("")) : line,
          );
        }
        tail = bytes.slice();
      },
    });
  }

  /** The id of the client's initialize, so its answer tells which version the connection speaks. */
  #noteInitialize(text: string): void {
    if (!text.includes('"initialize"')) return;
    for (const line of text.split("\n")) {
      try {
        const frame = JSON.parse(line) as Frame;
        if (frame.method === "initialize") this.#initializeId = JSON.stringify(frame.id);
      } catch {
        // Not a whole JSON line: the NDJSON reader answers it.
      }
    }
  }

  /** A batch line's entries for the agent, its errors held for its answer; undefined for any other line. */
  async #batchEntries(line: Uint8Array): Promise<Frame[] | undefined> {
    const text = decoder.decode(line).trim();
    if (!text.startsWith("[")) return undefined;
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return undefined; // the NDJSON reader answers it with a parse error
    }
    if (!Array.isArray(frame)) return undefined;
    if (frame.length === 0) {
      await this.#write(this.#handling.emptyBatch());
      return [];
    }
    const batch: PendingBatch = { waiting: new Set(), responses: [] };
    const entries: Frame[] = [];
    for (const entry of frame) {
      if (!isMessage(entry)) {
        const error = this.#handling.invalidEntry(entry);
        if (error) batch.responses.push(error);
        continue;
      }
      if (typeof entry.method === "string" && "id" in entry) batch.waiting.add(JSON.stringify(entry.id));
      else if (typeof entry.method === "string") {
        const answer = this.#handling.notificationAnswer(entry);
        if (answer) batch.responses.push(answer);
      }
      entries.push(entry);
    }
    if (batch.waiting.size > 0) this.#pending.push(batch);
    else await this.#flush(batch);
    return entries;
  }

  /** Agent to kit: responses to a batch's requests are held until the whole batch is answered. */
  async send(message: acp.AnyMessage): Promise<void> {
    const frame = message as Frame;
    if (typeof frame.method !== "string" && "id" in frame) {
      const key = JSON.stringify(frame.id);
      if (!this.#agreed && key === this.#initializeId) {
        this.#agreed = true;
        this.#v2 = (frame.result as { protocolVersion?: unknown } | undefined)?.protocolVersion === 2;
      }
      const batch = this.#pending.find((each) => each.waiting.has(key));
      if (batch) {
        batch.waiting.delete(key);
        batch.responses.push(frame);
        if (batch.waiting.size === 0) {
          this.#pending.splice(this.#pending.indexOf(batch), 1);
          await this.#flush(batch);
        }
        return;
      }
    }
    await this.#write(message);
  }

  /** Nothing to answer (an all-notification batch) writes nothing, never `[]`. */
  async #flush(batch: PendingBatch): Promise<void> {
    if (batch.responses.length === 0) return;
    for (const line of this.#handling.lines(batch.responses)) await this.#write(line);
  }
}
