/**
 * One connection to the agent, handed from the SDK's v1 connection to the reference client's v2
 * turn when initialize is answered with protocolVersion 2. A connection speaks one version after
 * initialize (migration.mdx#version-negotiation), and the SDK's v1 connection cannot switch, so
 * the agent's bytes go to the SDK until `takeOver()` and to the v2 turn's line reader after it;
 * the SDK's writes pass through, and its closing the stream does not close the agent's stdin
 * (the turn's stop() does that). Nothing follows the initialize answer until the client asks,
 * so no byte is in flight at the switch.
 */
import type { Readable, Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { V2Wire } from "./client-turn-v2.js";

/** The longest line the client reads (the official SDK's default frame limit is twice the kit's 16 MiB test frame). */
const MAX_LINE_CHARS = 32 * 1024 * 1024;

export class VersionSwitch {
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<Uint8Array>;
  #toSdk: ReadableStreamDefaultController<Uint8Array> | undefined;
  #toV2: ((frame: Record<string, unknown>) => void) | undefined;
  #taken = false;
  /** The line so far, in pieces joined once its newline comes (a long line is not re-searched read after read). */
  readonly #partial: string[] = [];
  #partialLength = 0;
  /** Past this many characters a line is dropped up to its newline: an endless line holds no memory. */
  #dropping = false;
  /** While a batch is handled: the responses it gets, written together at its end. */
  #batchAnswers: Record<string, unknown>[] | undefined;
  readonly #decoder = new StringDecoder("utf8"); // a character split across chunks stays whole
  readonly #stdin: Writable;

  constructor(stdout: Readable, stdin: Writable) {
    this.#stdin = stdin;
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#toSdk = controller;
      },
      cancel: () => {
        this.#toSdk = undefined; // the SDK is done reading: later bytes are nobody's
      },
    });
    this.writable = new WritableStream<Uint8Array>({
      write: (chunk) => {
        stdin.write(chunk);
      },
    });
    stdout.on("data", (chunk: Buffer) => (this.#taken ? this.#read(chunk) : this.#toSdk?.enqueue(chunk)));
    stdout.on("end", () => {
      if (!this.#taken) this.#toSdk?.close();
      this.#toSdk = undefined;
    });
  }

  /** From now on the agent's frames go to the v2 turn. */
  takeOver(): V2Wire {
    this.#taken = true;
    return {
      send: (frame) =>
        this.#batchAnswers && !("method" in frame)
          ? this.#batchAnswers.push(frame)
          : this.#stdin.write(`${JSON.stringify(frame)}\n`),
      onFrame: (handler) => {
        this.#toV2 = handler;
      },
    };
  }

  #error(code: number, message: string): void {
    this.#stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } })}\n`);
  }

  #read(chunk: Buffer): void {
    let text = this.#decoder.write(chunk);
    for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n")) {
      const dropped = this.#dropping;
      const line = dropped ? "" : (this.#partial.join("") + text.slice(0, newline)).trim();
      this.#partial.length = 0;
      this.#partialLength = 0;
      this.#dropping = false;
      text = text.slice(newline + 1);
      if (!line) continue;
      let frame: unknown;
      try {
        frame = JSON.parse(line);
      } catch {
        this.#error(-32700, "Parse error"); // JSON-RPC's answer to a line that is not JSON
        continue;
      }
      if (Array.isArray(frame) && frame.length > 0) this.#batch(frame);
      else if (typeof frame === "object" && frame !== null && !Array.isArray(frame))
        this.#toV2?.(frame as Record<string, unknown>);
      else this.#error(-32600, "Invalid Request"); // JSON, but no message object ([] included)
    }
    if (this.#dropping || text === "") return;
    this.#partial.push(text);
    this.#partialLength += text.length;
    if (this.#partialLength > MAX_LINE_CHARS) {
      this.#partial.length = 0;
      this.#dropping = true;
    }
  }

  /**
   * A batch (transports.mdx#json-rpc-batch-messages): each entry handled as if it came alone,
   * an entry that is no message object answered -32600 with id null, and the responses written
   * as one array, or nothing when there are none (the turn answers requests at once, so every
   * response is in by the end of the loop).
   */
  #batch(entries: unknown[]): void {
    const answers: Record<string, unknown>[] = [];
    this.#batchAnswers = answers;
    try {
      for (const entry of entries)
        if (typeof entry === "object" && entry !== null && !Array.isArray(entry))
          this.#toV2?.(entry as Record<string, unknown>);
        else answers.push({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } });
    } finally {
      this.#batchAnswers = undefined;
    }
    if (answers.length > 0) this.#stdin.write(`${JSON.stringify(answers)}\n`);
  }
}
