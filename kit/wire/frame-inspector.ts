/**
 * Everything the target writes passes through here once: recorded in the transcript,
 * classified, envelope-checked, schema-checked and paired with the request it answers.
 * Problems are kept as data for the mode's checks; nothing here throws on bad input.
 */
import type { FramedItem } from "./framer.js";
import {
  classifyMessage,
  envelopeProblems,
  type ClassifiedMessage,
  type JsonRpcId,
  type RequestPairing,
} from "./jsonrpc.js";
import { type AcpSchema, formatIssues } from "./schema.js";
import type { Transcript } from "./transcript.js";

export type FrameProblemKind =
  | "not-json"
  | "blank-line"
  | "not-a-message"
  | "invalid-utf8"
  | "oversize"
  | "jsonrpc-version"
  | "envelope"
  | "schema"
  | "duplicate-response"
  | "unsolicited-response";

export interface FrameProblem {
  kind: FrameProblemKind;
  /** Transcript sequence number of the offending line. */
  seq: number;
  detail: string;
}

export interface IncomingMessage {
  seq: number;
  atMs: number;
  value: unknown;
  message: ClassifiedMessage;
  /** For responses: the method of the request it answered. */
  answers?: string;
}

export interface SentRequest {
  id: JsonRpcId;
  method: string;
  sentAtMs: number;
  seq: number;
  /** Internal requests (sentinels) are excluded from every check. */
  internal: boolean;
  answeredAtMs?: number;
}

export class FrameInspector {
  readonly problems: FrameProblem[] = [];
  readonly #schema: AcpSchema;
  readonly #pairing: RequestPairing<SentRequest>;
  readonly #transcript: Transcript;

  constructor(schema: AcpSchema, pairing: RequestPairing<SentRequest>, transcript: Transcript) {
    this.#schema = schema;
    this.#pairing = pairing;
    this.#transcript = transcript;
  }

  /** Removes and returns the problems a scenario explains itself. */
  claim(predicate: (problem: FrameProblem) => boolean): FrameProblem[] {
    const claimed = this.problems.filter(predicate);
    for (const problem of claimed) this.problems.splice(this.problems.indexOf(problem), 1);
    return claimed;
  }

  /** Inspects one framed item; returns it as a message when it is a JSON-RPC message. */
  /** `cutByKit`: the kit had signalled the target, so a line cut short by the stream's end is not the target's fault. */
  inspect(item: FramedItem, cutByKit = false): IncomingMessage | undefined {
    if (item.kind === "blank") {
      const entry = this.#transcript.record("received", {
        text: "",
        byteLength: item.byteLength,
        flags: ["blank"],
      });
      this.#problem("blank-line", entry.seq, "a blank line on stdout");
      return undefined;
    }
    if (item.kind === "invalid-utf8") {
      const entry = this.#transcript.record("received", {
        bytes: item.bytes,
        byteLength: item.byteLength,
        flags: ["invalid-utf8"],
      });
      this.#problem(
        "invalid-utf8",
        entry.seq,
        `a line of ${item.byteLength} bytes that is not valid UTF-8 (first bad byte at offset ${item.firstBadByte})`,
      );
      return undefined;
    }
    if (item.kind === "oversize") {
      const entry = this.#transcript.record("received", {
        bytes: item.head,
        byteLength: item.byteLength,
        flags: ["oversize", ...(item.terminated ? [] : ["unterminated"])],
      });
      this.#problem(
        "oversize",
        entry.seq,
        `a line of ${item.byteLength} bytes${item.terminated ? "" : " without a newline (the stream ended first)"}`,
      );
      return undefined;
    }
    const flags = [...(item.crlf ? ["crlf"] : []), ...(item.terminated ? [] : ["unterminated"])];
    const entry = this.#transcript.record("received", {
      text: item.text,
      byteLength: item.byteLength,
      flags,
    });
    let value: unknown;
    try {
      value = JSON.parse(item.text);
    } catch {
      if (item.terminated) this.#problem("not-json", entry.seq, "a line that is not JSON");
      // A line cut short by the stream's end: the target's fault unless the kit had killed it.
      else if (!cutByKit)
        this.#problem(
          "not-json",
          entry.seq,
          "a frame cut short: stdout ended in the middle of a line, and the kit had not stopped the process",
        );
      return undefined;
    }
    const message = classifyMessage(value);
    if (message.kind === "batch" || message.kind === "invalid") {
      this.#problem(
        "not-a-message",
        entry.seq,
        message.kind === "batch" ? `a JSON array of ${message.length} (v1 has no batches)` : message.reason,
      );
      return undefined;
    }
    const envelope = envelopeProblems(value, message);
    if (envelope.version) this.#problem("jsonrpc-version", entry.seq, envelope.version);
    for (const detail of [...envelope.request, ...envelope.response])
      this.#problem("envelope", entry.seq, detail);
    const incoming: IncomingMessage = { seq: entry.seq, atMs: entry.atMs, value, message };
    this.#validate(incoming);
    return incoming;
  }

  #validate(incoming: IncomingMessage): void {
    const { message } = incoming;
    if (message.kind === "request" || message.kind === "notification") {
      const issues = this.#schema.validateParams(message.method, message.params);
      if (issues && issues.length > 0)
        this.#problem("schema", incoming.seq, `${message.method} params: ${formatIssues(issues)}`);
      return;
    }
    if (message.kind !== "response") return;
    // A reply to a notification or to garbage carries id null; the scenario that provoked it judges it.
    if (message.id === null) return;
    const pairing = this.#pairing.resolve(message.id);
    if (pairing.status === "unknown") {
      this.#problem(
        "unsolicited-response",
        incoming.seq,
        `a response with id ${JSON.stringify(message.id)}, which matches no request the kit sent`,
      );
      return;
    }
    if (pairing.status === "duplicate") {
      this.#problem(
        "duplicate-response",
        incoming.seq,
        `a second response to request ${JSON.stringify(message.id)} (${pairing.request.method})`,
      );
      return;
    }
    const request = pairing.request.context;
    request.answeredAtMs = incoming.atMs;
    incoming.answers = request.method;
    if (
      message.hasResult &&
      !message.hasError &&
      !request.internal &&
      !this.#otherVersion(request.method, message.result)
    ) {
      const issues = this.#schema.validateResult(request.method, message.result);
      if (issues && issues.length > 0)
        this.#problem("schema", incoming.seq, `${request.method} result: ${formatIssues(issues)}`);
    }
  }

  /**
   * An initialize answer naming another protocol version than this schema's: the agent then speaks
   * that version, which this schema cannot judge; whether the version was the right one to answer
   * is the initialization requirements' finding.
   */
  #otherVersion(method: string, result: unknown): boolean {
    if (method !== "initialize" || typeof result !== "object" || result === null) return false;
    const version = (result as { protocolVersion?: unknown }).protocolVersion;
    return typeof version === "number" && version !== this.#schema.version;
  }

  #problem(kind: FrameProblemKind, seq: number, detail: string): void {
    this.problems.push({ kind, seq, detail });
  }
}
