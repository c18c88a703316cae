/**
 * A raw JSON-RPC endpoint over a target process, written without the ACP SDK on purpose:
 * the kit must be able to send malformed traffic (split, coalesced, CRLF, garbage) and must
 * never drop or crash on what the target sends back.
 *
 * Everything received goes through the FrameInspector (transcript, classification, envelope,
 * schema, pairing); this class is the transport around it: writing frames in any style,
 * waiting for answers, and answering the target's own requests. The kit's own frames are
 * schema-checked too: an invalid one that was not a deliberate fault throws KitBugError.
 */
import type { FramedItem } from "./framer.js";
import { RequestPairing, sameId, type JsonRpcId } from "./jsonrpc.js";
import type { ConnectionOptions, RequestOutcome, SendOptions } from "./connection-types.js";
import {
  FrameInspector,
  type FrameProblem,
  type IncomingMessage,
  type SentRequest,
} from "./frame-inspector.js";
import { type AcpSchema, formatIssues } from "./schema.js";
import type { Transcript } from "./transcript.js";
import type { TargetProcess } from "../process/target.js";
import { KitBugError } from "../errors.js";
import { writeFrame, type WriteStyle } from "./write-styles.js";
import { replyFrame, type TargetRequest } from "./reply-frame.js";
import { Arrivals } from "./arrivals.js";
import { UnmatchedAnswers } from "./unmatched-answers.js";
import { sleep, withTimeout } from "../time.js";

export type { WriteStyle } from "./write-styles.js";
export type { FrameProblem, FrameProblemKind, IncomingMessage, SentRequest } from "./frame-inspector.js";
export type { ConnectionOptions, ReplyToTarget, RequestOutcome, SendOptions } from "./connection-types.js";
export { sameId } from "./jsonrpc.js";

const SENTINEL_METHOD = "_acp_conformance/sync";

/** How long the real answer may still come after an unmatched one (a stray line just before it). */
const UNMATCHED_GRACE_MS = 2_000;

/** How long output may keep arriving after the target exited. */
const EXIT_DRAIN_MS = 500;
/** How long the kit waits, after the teardown, for a pipe that an escaped process may hold open. */
const STDOUT_END_AFTER_TEARDOWN_MS = 5_000;

export class JsonRpcConnection {
  readonly received: IncomingMessage[] = [];
  readonly sent: SentRequest[] = [];
  /** Kit bugs caught while answering the target; the runner fails the run loudly on any. */
  readonly kitBugs: Error[] = [];
  readonly transcript: Transcript;
  readonly target: TargetProcess;

  readonly #schema: AcpSchema;
  readonly #pairing = new RequestPairing<SentRequest>();
  readonly #inspector: FrameInspector;
  readonly #arrivals = new Arrivals();
  readonly #unmatched = new UnmatchedAnswers();
  readonly #listeners = new Set<(incoming: IncomingMessage) => void>();
  readonly #writeTimeoutMs: number;
  readonly #onRequest: NonNullable<ConnectionOptions["onRequest"]>;
  #writeQueue: Promise<unknown> = Promise.resolve();
  #nextId = 1;

  constructor(options: ConnectionOptions) {
    this.target = options.target;
    this.transcript = options.transcript;
    this.#schema = options.schema;
    this.#writeTimeoutMs = options.writeTimeoutMs;
    this.#onRequest = options.onRequest ?? (() => ({ error: { code: -32601, message: "Method not found" } }));
    this.#inspector = new FrameInspector(options.schema, this.#pairing, options.transcript);
    options.target.onStdoutItem((item) => this.#receive(item));
    options.target.onStderr((chunk) => this.transcript.recordStderr(chunk));
    void options.target.exited.then(() => this.#arrivals.wakeAll());
  }

  /** Calls `listener` for every message received from now on; returns an unsubscribe function. */
  onMessage(listener: (incoming: IncomingMessage) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A fresh numeric id that this connection has not used. */
  nextId(): number {
    return this.#nextId++;
  }

  /** Sends a request and waits up to `waitMs` for its response. */
  async request(
    method: string,
    params: unknown,
    options: SendOptions & { id?: JsonRpcId; waitMs: number; internal?: boolean },
  ): Promise<RequestOutcome> {
    const id = options.id !== undefined ? options.id : this.nextId();
    const frame: Record<string, unknown> = { jsonrpc: "2.0", id, method };
    if (params !== undefined) frame.params = params;
    if (!options.deliberate) this.#validateOwnParams(method, params);
    const record = this.#track(id, method, options.internal ?? false);
    const written = await this.#write(
      JSON.stringify(frame),
      options.write,
      options.internal ? ["internal"] : undefined,
    );
    if (written !== "written")
      return { kind: "no-response", request: record, reason: "write-failed", waitedMs: 0 };
    return this.awaitResponse(record, options.waitMs);
  }

  /**
   * Waits (further) for the response to a request already sent. An answer that came but cannot
   * be paired (see UnmatchedAnswers) ends the wait early, after a grace for the real one.
   */
  async awaitResponse(request: SentRequest, waitMs: number): Promise<RequestOutcome> {
    const started = this.transcript.elapsedMs;
    const isAnswer = (incoming: IncomingMessage) =>
      incoming.message.kind === "response" && sameId(incoming.message.id, request.id);
    let response = await this.waitFor(isAnswer, {
      timeoutMs: waitMs,
      fromSeq: request.seq,
      until: () => this.#unmatched.for(request.id) !== undefined,
    });
    const unmatched = response ? undefined : this.#unmatched.for(request.id);
    if (unmatched) {
      const left = waitMs - (this.transcript.elapsedMs - started);
      response = await this.waitFor(isAnswer, {
        timeoutMs: Math.min(UNMATCHED_GRACE_MS, left),
        fromSeq: request.seq,
      });
    }
    if (response?.message.kind !== "response") {
      const waitedMs = this.transcript.elapsedMs - started;
      if (unmatched) return { kind: "no-response", request, reason: "unmatched", unmatched, waitedMs };
      return { kind: "no-response", request, reason: this.target.alive ? "timeout" : "exited", waitedMs };
    }
    return {
      kind: "response",
      request,
      response,
      latencyMs: response.atMs - request.sentAtMs,
      result: response.message.result,
      error: response.message.error,
    };
  }

  async notify(method: string, params: unknown, options: SendOptions = {}): Promise<boolean> {
    const frame: Record<string, unknown> = { jsonrpc: "2.0", method };
    if (params !== undefined) frame.params = params;
    if (!options.deliberate) this.#validateOwnParams(method, params);
    return (await this.#write(JSON.stringify(frame), options.write)) === "written";
  }

  /**
   * Writes raw text as one frame (a newline is added). For deliberate faults: garbage lines,
   * objects that are not valid requests. `expectReplyTo` registers ids the target may answer.
   */
  async sendRaw(
    text: string | Buffer,
    options: { write?: WriteStyle; expectReplyTo?: { id: JsonRpcId; method: string } } = {},
  ): Promise<SentRequest | undefined> {
    const expected = options.expectReplyTo;
    const record = expected ? this.#track(expected.id, expected.method, false) : undefined;
    await this.#write(text, options.write, ["deliberate"]);
    return record;
  }

  /** Writes several frames in one write() call, so they reach the target coalesced. */
  async sendCoalesced(
    frames: Array<{ method: string; params: unknown; id?: JsonRpcId }>,
  ): Promise<SentRequest[]> {
    const records: SentRequest[] = [];
    const lines: string[] = [];
    for (const frame of frames) {
      this.#validateOwnParams(frame.method, frame.params);
      const id = frame.id !== undefined ? frame.id : this.nextId();
      records.push(this.#track(id, frame.method, false));
      lines.push(JSON.stringify({ jsonrpc: "2.0", id, method: frame.method, params: frame.params }));
    }
    await this.#write(lines.join("\n"), { kind: "whole" }, [`coalesced:${frames.length}`]);
    return records;
  }

  /** Resolves with the first message from `fromSeq` on that matches, or undefined on timeout or when stdout ends. */
  async waitFor(
    predicate: (incoming: IncomingMessage) => boolean,
    options: { timeoutMs: number; fromSeq?: number; until?: () => boolean },
  ): Promise<IncomingMessage | undefined> {
    const fromSeq = options.fromSeq ?? 0;
    const deadline = Date.now() + options.timeoutMs;
    let checkedUpTo = 0;
    for (;;) {
      for (; checkedUpTo < this.received.length; checkedUpTo++) {
        const incoming = this.received[checkedUpTo]!;
        if (incoming.seq >= fromSeq && predicate(incoming)) return incoming;
      }
      // Nothing more can come once stdout has ended, or shortly after the target exited (a
      // descendant that inherited stdout may hold the pipe open long after).
      if (this.target.stdoutEnded || options.until?.()) return undefined;
      const exitedAt = this.target.exitedAt ?? Number.POSITIVE_INFINITY;
      const left = Math.min(deadline - Date.now(), exitedAt + EXIT_DRAIN_MS - Date.now());
      if (left <= 0) return undefined;
      await this.#arrivals.next(left);
    }
  }

  /**
   * Waits until the target has caught up with everything sent so far: sends a sentinel request
   * (an unknown `_` method, which must be answered) and waits up to `waitMs` for its reply,
   * then a short grace for targets that answer out of order. Used before concluding "nothing
   * more arrived" or "no reply came"; the wait is generous because a loaded machine is slow.
   */
  async settle(waitMs: number, graceMs = 50): Promise<void> {
    const outcome = await this.request(SENTINEL_METHOD, undefined, { waitMs, internal: true });
    if (outcome.kind === "response") await sleep(graceMs);
    // A target that is exiting (the sentinel could not be written or answered) may still have
    // lines in the pipe: read them all before concluding.
    else if (outcome.reason !== "timeout") await withTimeout(this.target.stdoutDone, EXIT_DRAIN_MS);
  }

  /**
   * After the teardown: reads what the target wrote up to the end of its stdout, so the checks
   * over every frame judge all of them, not those that happened to arrive before the scenario
   * ended (a second answer written right after the first, an update sent after a response).
   * The teardown killed the group, so the pipe closes at once unless an escaped process holds it.
   */
  async readToEndOfStdout(): Promise<void> {
    await withTimeout(this.target.stdoutDone, STDOUT_END_AFTER_TEARDOWN_MS);
  }

  /**
   * Removes and returns the problems a scenario explains itself (for example a reply to a
   * notification, which also lacks an id), so each defect is reported under one requirement.
   */
  claimProblems(predicate: (problem: FrameProblem) => boolean): FrameProblem[] {
    return this.#inspector.claim(predicate);
  }

  /** What was wrong with what the target wrote, as data for the mode's checks. */
  get problems(): readonly FrameProblem[] {
    return this.#inspector.problems;
  }

  /** The answer to `request` that came but could not be paired with it, if one did. */
  unmatchedAnswer(request: SentRequest) {
    return this.#unmatched.for(request.id);
  }

  /** Requests sent by the kit that check accounting should consider (not sentinels). */
  countedRequests(): SentRequest[] {
    return this.sent.filter((request) => !request.internal);
  }

  async #write(text: string | Buffer, style: WriteStyle | undefined, flags?: string[]) {
    const run = async () => {
      if (!this.target.alive) return "closed" as const;
      return writeFrame(
        this.target,
        this.transcript,
        text,
        style ?? { kind: "whole" },
        this.#writeTimeoutMs,
        flags,
      );
    };
    const result = this.#writeQueue.then(run, run);
    this.#writeQueue = result.catch(() => undefined);
    return result;
  }

  #validateOwnParams(method: string, params: unknown): void {
    if (method === SENTINEL_METHOD) return;
    const issues = this.#schema.validateParams(method, params);
    if (issues && issues.length > 0)
      throw new KitBugError(`the kit was about to send invalid ${method} params: ${formatIssues(issues)}`);
  }

  #receive(item: FramedItem): void {
    const incoming = this.#inspector.inspect(item, this.target.signalledByKit);
    const seq = this.transcript.nextSeq - 1;
    this.#unmatched.observe(seq, item, incoming, this.#inspector.problems.at(-1), this.sent);
    if (!incoming) {
      this.#arrivals.wakeAll();
      return;
    }
    this.received.push(incoming);
    for (const listener of this.#listeners) listener(incoming);
    this.#arrivals.wakeAll();
    if (incoming.message.kind === "request") {
      this.#answer(incoming as TargetRequest).catch((error: Error) => this.kitBugs.push(error));
    }
  }

  async #answer(request: TargetRequest): Promise<void> {
    const frame = replyFrame(this.#schema, request, await this.#onRequest(request));
    await this.#write(JSON.stringify(frame), { kind: "whole" });
  }

  /** Records a request the kit is about to write, so its answer can be paired and judged. */
  #track(id: JsonRpcId, method: string, internal: boolean): SentRequest {
    const record: SentRequest = {
      id,
      method,
      sentAtMs: this.transcript.elapsedMs,
      seq: this.transcript.nextSeq,
      internal,
    };
    this.#pairing.add(id, method, record);
    this.sent.push(record);
    return record;
  }
}
