/**
 * The kit playing an ACP v2 client against one agent process: spawn, the v2 handshake, sessions,
 * prompt turns as v2 runs them (the session/prompt acknowledgment, then updates until the idle
 * `state_update`), and teardown. Every frame both ways is validated against the v2 schema. Like
 * v1's driver (../driver.ts) it records only the generic checks (in finish()).
 */
import { makeScratchDir, removeScratchDir } from "../../../kit/scratch-dirs.js";
import { TargetProcess, targetMarker } from "../../../kit/process/target.js";
import { tearDown, type TeardownReport } from "../../../kit/process/teardown.js";
import { findDescendants, type ProcessInfo } from "../../../kit/process/tree.js";
import {
  JsonRpcConnection,
  type IncomingMessage,
  type RequestOutcome,
  type SentRequest,
  type SendOptions,
} from "../../../kit/wire/connection.js";
import { AcpSchema } from "../../../kit/wire/schema.js";
import { Transcript } from "../../../kit/wire/transcript.js";
import { StopScenario, stopIfPreflightBlocked, type ScenarioContext } from "../../../kit/scenario.js";
import { MAX_FRAME_BYTES } from "../../../kit/run-options.js";
import { describeOutcome } from "../evidence.js";
import { answerWaitMs, turnWaitMs } from "../answer-waits.js";
import { isSessionUpdate, updateSessionId } from "../session-updates.js";
import { closeGraceFor } from "../stdin-end-learned.js";
import { KitClientV2Answers, v2InitializeParams } from "./kit-client-v2.js";
import { recordV2GenericChecks } from "./generic-checks.js";
import { isIdle, type V2Turn } from "./turn-updates.js";

export class AgentV2UnderTest {
  readonly connection: JsonRpcConnection;
  readonly transcript: Transcript;
  readonly target: TargetProcess;
  readonly context: ScenarioContext;
  readonly answers = new KitClientV2Answers();
  /** Requests judged by a scenario-specific deadline instead of --timeout (initialize). */
  readonly ownDeadline = new Set<SentRequest>();
  /** Every prompt turn the kit ran, for the checks over every turn. */
  readonly turns: V2Turn[] = [];
  teardown: TeardownReport | undefined;
  /** When finish() stopped waiting for answers; deadlines are judged as of then. */
  stoppedWaitingAtMs: number | undefined;
  /** The schema the run's frames are held to: 1 only for the run that negotiates v1 (initialization.ts). */
  readonly schemaVersion: 1 | 2;
  readonly #scratch: string;
  #finished = false;

  private constructor(
    context: ScenarioContext,
    target: TargetProcess,
    transcript: Transcript,
    scratch: string,
    schemaVersion: 1 | 2,
  ) {
    this.context = context;
    this.schemaVersion = schemaVersion;
    this.target = target;
    this.transcript = transcript;
    this.#scratch = scratch;
    this.connection = new JsonRpcConnection({
      target,
      transcript,
      schema: schemaVersion === 2 ? AcpSchema.loadV2() : AcpSchema.load(),
      writeTimeoutMs: context.options.timeoutMs + Math.min(context.options.timeoutMs, 5_000),
      onRequest: (request) => this.answers.answer(request),
    });
  }

  /** Spawns the agent in its own process group; teardown is registered with the scenario. */
  static async start(
    context: ScenarioContext,
    options: { evenIfBlocked?: boolean; schemaVersion?: 1 | 2 } = {},
  ): Promise<AgentV2UnderTest> {
    if (!options.evenIfBlocked) stopIfPreflightBlocked(context.preflight, "initialize");
    const scratch = makeScratchDir("sessions-");
    const transcript = new Transcript();
    const target = await TargetProcess.spawn({
      command: context.target.command,
      args: context.target.args,
      cwd: context.options.cwd,
      env: { ...context.options.env, ACP_CONFORMANCE_SCENARIO: context.scenarioId },
      marker: targetMarker(context.runId),
      maxLineBytes: MAX_FRAME_BYTES,
    });
    const agent = new AgentV2UnderTest(context, target, transcript, scratch, options.schemaVersion ?? 2);
    context.defer(() => agent.finish());
    return agent;
  }

  get options() {
    return this.context.options;
  }

  get sessionCwd(): string {
    return this.#scratch;
  }

  get turnWaitMs(): number {
    return turnWaitMs(this.options);
  }

  get answerWaitMs(): number {
    return answerWaitMs(this.options, this.context.preflight);
  }

  settle(): Promise<void> {
    return this.connection.settle(this.answerWaitMs);
  }

  /** Sends a request and waits for any answer; an answer that cannot be paired stops the scenario. */
  async request(
    method: string,
    params: unknown,
    options: SendOptions & { waitMs?: number; id?: SentRequest["id"] } = {},
  ): Promise<RequestOutcome> {
    if (method === "session/prompt") stopIfPreflightBlocked(this.context.preflight, "turns");
    const outcome = await this.connection.request(method, params, {
      ...options,
      waitMs: options.waitMs ?? this.answerWaitMs,
    });
    this.stopIfUnmatched(outcome);
    return outcome;
  }

  stopIfUnmatched(outcome: RequestOutcome): void {
    if (outcome.kind === "no-response" && outcome.reason === "unmatched")
      throw new StopScenario(`${outcome.request.method}: ${describeOutcome(outcome)}`);
  }

  /** initialize with `protocolVersion` (2 by default), judged by the startup deadline; any answer. */
  async negotiate(protocolVersion = 2, params?: Record<string, unknown>): Promise<RequestOutcome> {
    const { startupTimeoutMs, timeoutMs } = this.options;
    const outcome = await this.connection.request(
      "initialize",
      params ?? v2InitializeParams(protocolVersion),
      {
        waitMs: startupTimeoutMs + timeoutMs,
        // A later or earlier version's initialize is not a v2 frame: the kit does not hold it to v2's schema.
        deliberate: protocolVersion !== 2,
      },
    );
    this.ownDeadline.add(outcome.request);
    this.stopIfUnmatched(outcome);
    return outcome;
  }

  /**
   * The v2 handshake: initialize with version 2; stops the scenario without a usable v2 answer.
   * The answer is waited for --startup-timeout plus --timeout unless `waitMs` says otherwise.
   */
  async handshake(options: SendOptions & { waitMs?: number } = {}): Promise<Record<string, unknown>> {
    const { startupTimeoutMs, timeoutMs } = this.options;
    const outcome = await this.connection.request(
      "initialize",
      v2InitializeParams(2, this.answers.offered.elicitation),
      {
        ...options,
        waitMs: options.waitMs ?? startupTimeoutMs + timeoutMs,
      },
    );
    this.ownDeadline.add(outcome.request);
    this.stopIfUnmatched(outcome);
    if (outcome.kind !== "response") throw new StopScenario(`initialize: ${describeOutcome(outcome)}`);
    if (outcome.error)
      throw new StopScenario(`initialize failed with error ${outcome.error.code}: ${outcome.error.message}`);
    const result = (outcome.result ?? {}) as Record<string, unknown>;
    if (result.protocolVersion !== 2)
      throw new StopScenario(
        `the agent answered initialize with protocolVersion ${JSON.stringify(result.protocolVersion)}, not 2`,
      );
    return result;
  }

  /** session/new in this scenario's own directory. */
  async newSession(): Promise<string> {
    stopIfPreflightBlocked(this.context.preflight, "sessions");
    const outcome = await this.request("session/new", { cwd: this.sessionCwd });
    const sessionId =
      outcome.kind === "response"
        ? (outcome.result as { sessionId?: unknown } | undefined)?.sessionId
        : undefined;
    if (typeof sessionId !== "string")
      throw new StopScenario(`session/new gave no session id: ${describeOutcome(outcome)}`);
    return sessionId;
  }

  /**
   * One v2 turn: session/prompt and its acknowledgment, then the session's updates until the idle
   * `state_update` (or --timeout and its grace). `whileRunning` runs once the prompt is sent (cancel);
   * `blocks` follow the text block in the prompt (content of other types).
   */
  async prompt(
    sessionId: string,
    text: string,
    options: {
      whileRunning?: (turn: { request: SentRequest }) => Promise<void>;
      blocks?: readonly Record<string, unknown>[];
    } = {},
  ): Promise<V2Turn> {
    stopIfPreflightBlocked(this.context.preflight, "turns");
    const started = Date.now();
    const pending = this.connection.request(
      "session/prompt",
      { sessionId, prompt: [{ type: "text", text }, ...(options.blocks ?? [])] },
      { waitMs: this.turnWaitMs },
    );
    const request = this.connection.sent.at(-1)!;
    const during = options.whileRunning?.({ request });
    const ack = await pending;
    this.stopIfUnmatched(ack);
    await during;
    const ofSession = (incoming: IncomingMessage) =>
      isSessionUpdate(incoming) && updateSessionId(incoming) === sessionId;
    const accepted = ack.kind === "response" && !ack.error;
    const idle = accepted
      ? await this.connection.waitFor((incoming) => ofSession(incoming) && isIdle(incoming), {
          timeoutMs: Math.max(0, this.turnWaitMs - (Date.now() - started)),
          fromSeq: request.seq,
        })
      : undefined;
    const endSeq = idle ? idle.seq + 1 : this.transcript.nextSeq;
    const updates = this.connection.received.filter(
      (incoming) => incoming.seq > request.seq && incoming.seq < endSeq && ofSession(incoming),
    );
    const turn: V2Turn = { sessionId, request, ack, updates, idle, endSeq };
    this.turns.push(turn);
    return turn;
  }

  /** session/update notifications of `sessionId` after `afterSeq`, once the agent has had time to send any. */
  async updatesAfter(afterSeq: number, sessionId: string): Promise<IncomingMessage[]> {
    await this.settle();
    return this.connection.received.filter(
      (incoming) =>
        incoming.seq > afterSeq && isSessionUpdate(incoming) && updateSessionId(incoming) === sessionId,
    );
  }

  descendants(seenEarlier: ProcessInfo[] = []) {
    return findDescendants({ rootPid: this.target.pid, marker: this.target.marker, seenEarlier });
  }

  /** The teardown ladder, then the generic checks over the whole stdout. Safe to call more than once. */
  async finish(): Promise<void> {
    if (this.#finished) return;
    this.#finished = true;
    try {
      const seenEarlier = this.target.alive ? this.descendants() : [];
      this.stoppedWaitingAtMs = this.transcript.elapsedMs;
      this.teardown = await tearDown(this.target, {
        closeGraceMs: closeGraceFor(this.context),
        termGraceMs: 2_000,
        seenEarlier,
      });
      // Judged over everything the agent wrote, to the end of its stdout: what arrived before the
      // scenario's last step depends on scheduling, the whole stream does not.
      await this.connection.readToEndOfStdout();
      recordV2GenericChecks(this);
      this.transcript.finish();
    } finally {
      removeScratchDir(this.#scratch);
    }
    if (this.connection.kitBugs.length > 0) throw this.connection.kitBugs[0];
  }
}
