/**
 * The byte-level side of a scripted peer, the same in-process and in a spawned process:
 * reads NDJSON through the kit's bounded framer, writes frames with the script's wire faults
 * (split evenly or at explicit cuts, coalesced, CRLF, late, duplicated or mis-addressed responses, an exit after N frames),
 * and logs every frame. Process-level faults (flood, spawn, hang, exit) live here too, so
 * both roles share them.
 */
import { spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { NdjsonFramer } from "../kit/wire/framer.js";
import { splitAtCuts } from "../kit/wire/write-styles.js";
import type { ObservationLog } from "./observation-log.js";
import type { CommonAction, Faults } from "./script-types.js";
import { sleep } from "./sleep.js";

export interface PeerIo {
  /** Bytes from the other side. */
  input: Readable;
  /** Bytes to the other side. */
  output: Writable;
  stderr: Writable;
  /** Ends the peer with an exit code: a spawned peer exits; an in-process one closes its streams. */
  end(code: number): void;
  /** Keeps a spawned peer running with nothing left to read (the ignoreStdinEof fault). */
  stayAlive?(): void;
}

export type Frame = Record<string, unknown>;

const MAX_LINE_BYTES = 64 * 1024 * 1024;
/** Frames longer than this are logged as their head and their length, so a big frame cannot swell the log. */
const LOGGED_TEXT_CHARS = 64 * 1024;

function forLog(text: string): string {
  return text.length <= LOGGED_TEXT_CHARS
    ? text
    : `${text.slice(0, LOGGED_TEXT_CHARS)}… (${text.length} characters)`;
}

export class PeerWire {
  readonly log: ObservationLog;
  readonly #io: PeerIo;
  readonly #faults: Faults;
  readonly #framer = new NdjsonFramer({ maxLineBytes: MAX_LINE_BYTES });
  #queue: Promise<void> = Promise.resolve();
  #pending: Buffer[] = [];
  #framesSent = 0;
  /** Writes taken from the queue so far (the `cuts` fault's index). */
  #writes = 0;
  #hung = false;
  #ended = false;
  readonly spawned: number[] = [];

  constructor(io: PeerIo, faults: Faults | undefined, log: ObservationLog) {
    this.#io = io;
    this.#faults = faults ?? {};
    this.log = log;
  }

  /** Starts reading; `onMessage` gets every parsed line (undefined for a line that is not JSON), `onEnd` the input's end. */
  start(onMessage: (message: unknown, text: string) => void, onEnd: () => void): void {
    const faults = this.#faults;
    if (faults.stderrNoise) this.#io.stderr.write(Buffer.alloc(faults.stderrNoise, "n"));
    if (faults.garbageLine !== undefined) this.#enqueue(Buffer.from(`${faults.garbageLine}\n`));
    if (faults.invalidUtf8) this.#enqueue(Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d, 0x0a]));
    for (const descendant of faults.spawnDescendants ?? [])
      this.spawnDescendant(descendant.setsid ?? false, descendant.seconds ?? 300);
    this.#io.input.on("data", (chunk: Buffer) => {
      for (const item of this.#framer.push(chunk)) this.#deliver(item, onMessage);
    });
    this.#io.input.once("end", () => {
      for (const item of this.#framer.end()) this.#deliver(item, onMessage);
      if (this.#ended) return; // our own exit closed the connection; nothing more to say
      if (faults.ignoreStdinEof) {
        this.#io.stayAlive?.();
        return;
      }
      this.log.add({ kind: "ended", how: "stdin-eof" });
      onEnd();
    });
  }

  get hung(): boolean {
    return this.#hung;
  }

  /** Sends one JSON-RPC frame, applying the script's response faults. */
  send(frame: Frame): void {
    if (this.#hung || this.#ended) return;
    const isResponse = "id" in frame && !("method" in frame);
    let outgoing = frame;
    if (isResponse && this.#faults.wrongResponseIds) {
      const id = frame.id;
      outgoing = {
        ...frame,
        id: typeof id === "number" ? id + 1000 : typeof id === "string" ? `${id}-wrong` : id,
      };
    }
    const text = JSON.stringify(outgoing);
    this.log.add({ kind: "sent", text: forLog(text) });
    const copies = isResponse && this.#faults.duplicateResponses ? 2 : 1;
    // A duplicate goes in the same write as the answer: were it written later, whether a scenario
    // saw it would depend on how soon the kit tore the peer down after the answer.
    const write = () => {
      this.#enqueue(Buffer.from(`${text}${this.#faults.crlf ? "\r\n" : "\n"}`.repeat(copies)));
      this.#countFrame();
    };
    if (isResponse && this.#faults.lateResponseMs) setTimeout(write, this.#faults.lateResponseMs);
    else write();
  }

  /** Sends one stdio-protocol event line (no JSON-RPC response faults; the line faults apply). */
  sendEvent(event: Frame, options: { log?: boolean } = {}): void {
    if (this.#hung || this.#ended) return;
    const text = JSON.stringify(event);
    if (options.log ?? true) this.log.add({ kind: "sent", text: forLog(text) });
    this.#enqueue(Buffer.from(`${text}${this.#faults.crlf ? "\r\n" : "\n"}`));
    this.#countFrame();
  }

  /** Resolves once everything queued so far has been written. */
  drained(): Promise<void> {
    return this.#queue;
  }

  /** Writes bytes as they are (deliberate garbage), through the same ordered queue. */
  writeRaw(bytes: Buffer): void {
    if (!this.#ended) this.#enqueue(bytes);
  }

  /** Runs one of the actions both roles share. Resolves when it is done (never, for hang). */
  async runCommonAction(action: CommonAction): Promise<void> {
    if ("delay" in action) await sleep(action.delay);
    else if ("raw" in action) this.writeRaw(Buffer.from(`${action.raw}\n`));
    else if ("rawBase64" in action) this.writeRaw(Buffer.from(action.rawBase64, "base64"));
    else if ("stderr" in action) this.#io.stderr.write(action.stderr);
    else if ("flood" in action)
      await this.#flood(action.flood.bytes, action.flood.newline ?? false, action.flood.stream ?? "stdout");
    else if ("spawn" in action)
      this.spawnDescendant(action.spawn.setsid ?? false, action.spawn.seconds ?? 300);
    else if ("hang" in action) {
      this.#hung = true;
      // With stdin at EOF nothing else may keep a spawned peer's process running.
      this.#io.stayAlive?.();
      await new Promise(() => {});
    } else if ("exit" in action) await this.exit(action.exit);
  }

  /** Starts a `sleep` child, in this process group or (setsid) in a session of its own, and logs its pid. */
  spawnDescendant(setsid: boolean, seconds: number): void {
    const child = spawn("sleep", [String(seconds)], { detached: setsid, stdio: "ignore" });
    child.unref();
    if (child.pid !== undefined) {
      this.spawned.push(child.pid);
      this.log.add({ kind: "spawned", pid: child.pid, setsid });
    }
  }

  /** Flushes what is queued, then ends the peer with `code`. */
  async exit(code: number): Promise<void> {
    if (this.#ended) return;
    await this.#queue;
    this.#ended = true;
    this.log.add({ kind: "ended", how: "exit", code });
    this.#io.end(code);
  }

  #deliver(
    item: ReturnType<NdjsonFramer["push"]>[number],
    onMessage: (message: unknown, text: string) => void,
  ): void {
    if (this.#hung) return;
    if (item.kind === "blank") {
      // Not a message, so nothing to answer; but a peer that writes one breaks the framing, so it is on record.
      this.log.add({ kind: "received", text: "", problem: "blank-line" });
      return;
    }
    const text =
      item.kind === "line"
        ? item.text
        : item.kind === "oversize"
          ? `<${item.byteLength} bytes>`
          : Buffer.from(item.bytes).toString("latin1");
    let message: unknown;
    if (item.kind === "line") {
      try {
        message = JSON.parse(item.text);
      } catch {
        message = undefined;
      }
    }
    this.log.add(
      message !== undefined
        ? { kind: "received", text: forLog(text), message }
        : item.kind === "invalid-utf8"
          ? { kind: "received", text: forLog(text), problem: "invalid-utf8" }
          : { kind: "received", text: forLog(text) },
    );
    onMessage(message, text);
  }

  #enqueue(bytes: Buffer): void {
    if (this.#faults.coalesce) {
      // Frames produced in the same tick go out in one write.
      this.#pending.push(bytes);
      if (this.#pending.length === 1) setImmediate(() => this.#flushCoalesced());
      return;
    }
    this.#queue = this.#queue.then(() => this.#write(bytes));
  }

  #flushCoalesced(): void {
    const bytes = Buffer.concat(this.#pending);
    this.#pending = [];
    this.#queue = this.#queue.then(() => this.#write(bytes));
  }

  async #write(bytes: Buffer): Promise<void> {
    // Writes go through the queue one at a time, so this count is the write's place in the stream.
    const cut = this.#faults.cuts?.[this.#writes++];
    if (cut) {
      for (const [index, piece] of splitAtCuts(bytes, cut.at).entries()) {
        const pause = index > 0 ? (cut.delaysMs?.[index - 1] ?? 0) : 0;
        if (pause > 0) await sleep(pause);
        await this.#writeOnce(piece);
      }
      return;
    }
    const split = this.#faults.split;
    if (!split) return this.#writeOnce(bytes);
    const size = Math.ceil(bytes.length / split.pieces);
    for (let offset = 0; offset < bytes.length; offset += size) {
      if (offset > 0 && split.delayMs) await sleep(split.delayMs);
      await this.#writeOnce(bytes.subarray(offset, offset + size));
    }
  }

  #writeOnce(bytes: Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.#io.output.destroyed || this.#io.output.writableEnded) return resolve();
      this.#io.output.write(bytes, () => resolve());
    });
  }

  #countFrame(): void {
    this.#framesSent += 1;
    const exitAfter = this.#faults.exitAfterFrames;
    if (exitAfter && this.#framesSent >= exitAfter.count) void this.exit(exitAfter.code ?? 1);
  }

  async #flood(bytes: number, newline: boolean, stream: "stdout" | "stderr"): Promise<void> {
    const target = stream === "stdout" ? this.#io.output : this.#io.stderr;
    const chunk = Buffer.alloc(Math.min(bytes, 1024 * 1024), "x");
    await this.#queue;
    for (let written = 0; written < bytes; written += chunk.length) {
      const piece = written + chunk.length > bytes ? chunk.subarray(0, bytes - written) : chunk;
      if (!target.write(piece)) await new Promise((resolve) => target.once("drain", resolve));
    }
    if (newline) target.write("\n");
  }
}
