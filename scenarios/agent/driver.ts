/**
 * The kit playing the ACP client against one agent process: spawn, handshake, sessions,
 * prompt turns, answers to the agent's requests, and teardown. It records only the generic
 * per-frame checks (in finish()); each scenario records its own checks explicitly.
 */
import { makeScratchDir, removeScratchDir } from "../../kit/scratch-dirs.js";
import { TargetProcess, targetMarker } from "../../kit/process/target.js";
import { tearDown, type TeardownReport } from "../../kit/process/teardown.js";
import { findDescendants, type ProcessInfo } from "../../kit/process/tree.js";
import {
  JsonRpcConnection,
  type IncomingMessage,
  type RequestOutcome,
  type SentRequest,
  type SendOptions,
} from "../../kit/wire/connection.js";
import { AcpSchema } from "../../kit/wire/schema.js";
import { Transcript } from "../../kit/wire/transcript.js";
import {
  BlockedScenario,
  StopScenario,
  stopIfPreflightBlocked,
  type ScenarioContext,
} from "../../kit/scenario.js";
import { MAX_FRAME_BYTES } from "../../kit/run-options.js";
import { describeOutcome } from "./evidence.js";
import { recordGenericChecks } from "./generic-checks.js";
import { defaultInitializeParams, KitClientAnswers } from "./agent-requests.js";
import { answerWaitMs, turnWaitMs } from "./answer-waits.js";
import { recordInitializeDeadline } from "./initialize-deadline.js";
import { isSessionUpdate, updateSessionId } from "./session-updates.js";
import { closeGraceFor } from "./stdin-end-learned.js";
import type { Turn } from "./turn.js";

export type { Turn } from "./turn.js";

export class AgentUnderTest {
  readonly connection: JsonRpcConnection;
  readonly transcript: Transcript;
  readonly target: TargetProcess;
  readonly context: ScenarioContext;
  /** What the kit answers the agent's own requests, and every such request it got. */
  readonly answers = new KitClientAnswers();
  /** Requests judged by a scenario-specific deadline instead of --timeout (initialize). */
  readonly ownDeadline = new Set<SentRequest>();
  /** Prompt turns that ended with a result. */
  turnsRun = 0;
  teardown: TeardownReport | undefined;
  /** When finish() stopped waiting for answers; deadlines are judged as of then. */
  stoppedWaitingAtMs: number | undefined;
  readonly #scratch: string;
  #finished = false;

  private constructor(
    context: ScenarioContext,
    target: TargetProcess,
    transcript: Transcript,
    scratch: string,
  ) {
    this.context = context;
    this.target = target;
    this.transcript = transcript;
    this.#scratch = scratch;
    this.connection = new JsonRpcConnection({
      target,
      transcript,
      schema: AcpSchema.load(),
      // A write waits for the agent to read; only an agent that stopped reading should miss this.
      writeTimeoutMs: context.options.timeoutMs + Math.min(context.options.timeoutMs, 5_000),
      onRequest: async (request) => this.answers.answer(request),
    });
  }

  /**
   * Spawns the agent in its own process group (`env`: the scenario's own, a HOME, under the user's --env);
   * teardown is registered with the scenario. When the preflight showed no usable answer to initialize, a
   * scenario that needs one ends here, not tested, unless it can judge something without (`evenIfBlocked`).
   */
  static async start(
    context: ScenarioContext,
    options: { evenIfBlocked?: boolean; env?: Readonly<Record<string, string>> } = {},
  ): Promise<AgentUnderTest> {
    if (!options.evenIfBlocked) stopIfPreflightBlocked(context.preflight, "initialize");
    const scratch = makeScratchDir("sessions-");
    const transcript = new Transcript();
    const target = await TargetProcess.spawn({
      command: context.target.command,
      args: context.target.args,
      cwd: context.options.cwd,
      env: { ...options.env, ...context.options.env, ACP_CONFORMANCE_SCENARIO: context.scenarioId },
      marker: targetMarker(context.runId),
      maxLineBytes: MAX_FRAME_BYTES,
    });
    const agent = new AgentUnderTest(context, target, transcript, scratch);
    context.defer(() => agent.finish());
    return agent;
  }

  get options() {
    return this.context.options;
  }

  /** Waits until the agent has dealt with everything sent so far (see JsonRpcConnection.settle). */
  settle(): Promise<void> {
    return this.connection.settle(this.answerWaitMs);
  }

  /** A directory for sessions' cwd that belongs to this scenario alone. */
  get sessionCwd(): string {
    return this.#scratch;
  }

  /** How long to wait for a prompt turn (see answer-waits.ts). */
  get turnWaitMs(): number {
    return turnWaitMs(this.options);
  }

  /** How long to wait for an ordinary answer, learned from the preflight (see answer-waits.ts). */
  get answerWaitMs(): number {
    return answerWaitMs(this.options, this.context.preflight);
  }

  /**
   * Sends a request and waits for its answer (any answer: an error is an answer too). An answer
   * that came but could not be paired (pretty-printed, a wrong id) stops the scenario: what it
   * would judge is not tested, and the broken requirement is reported by the per-frame checks.
   * A scenario about ids themselves takes the outcome instead (`unmatched: "return"`).
   */
  async request(
    method: string,
    params: unknown,
    options: SendOptions & { waitMs?: number; id?: SentRequest["id"]; unmatched?: "stop" | "return" } = {},
  ): Promise<RequestOutcome> {
    const { unmatched = "stop", ...sendOptions } = options;
    // A turn the preflight saw go unanswered is not waited for again (preflight.ts).
    if (method === "session/prompt") stopIfPreflightBlocked(this.context.preflight, "turns");
    const outcome = await this.connection.request(method, params, {
      ...sendOptions,
      waitMs: options.waitMs ?? this.answerWaitMs,
    });
    if (unmatched === "stop") this.stopIfUnmatched(outcome);
    return outcome;
  }

  /** Stops the scenario when the answer came but could not be paired (see request()). */
  stopIfUnmatched(outcome: RequestOutcome): void {
    if (outcome.kind === "no-response" && outcome.reason === "unmatched")
      throw new StopScenario(`${outcome.request.method}: ${describeOutcome(outcome)}`);
  }

  /**
   * Blocks the scenario when the outcome is auth_required (-32000); otherwise returns it. Used
   * where the kit needs the request to succeed (a session, a turn) or where -32000 would hide
   * what the probe is about; elsewhere a -32000 is simply the agent's answer.
   */
  guardAuth(outcome: RequestOutcome): RequestOutcome {
    const { method } = outcome.request;
    if (outcome.kind === "response" && outcome.error?.code === -32000 && method !== "authenticate") {
      throw new BlockedScenario(
        this.options.authMethod === undefined
          ? `the agent requires authentication (${method} answered -32000: ${outcome.error.message}); pass --auth-method <id> with one of its authMethods`
          : `${method} still answered -32000 after authenticate with --auth-method ${this.options.authMethod}`,
      );
    }
    return outcome;
  }

  /**
   * Sends initialize and records agent.timeouts.initialize. Returns the result; stops the
   * scenario when there is no usable answer. `write` lets framing scenarios send it oddly.
   * The answer is waited for --startup-timeout plus --timeout (a slow start is judged late but
   * still tested), unless `waitMs` says otherwise (the preflight's, see preflight.ts).
   */
  async initialize(
    params: Record<string, unknown> = defaultInitializeParams(this.answers.offered),
    options: SendOptions & { id?: SentRequest["id"]; waitMs?: number } = {},
  ): Promise<Record<string, unknown>> {
    const { startupTimeoutMs, timeoutMs } = this.options;
    const outcome = await this.connection.request("initialize", params, {
      ...options,
      waitMs: options.waitMs ?? startupTimeoutMs + timeoutMs,
    });
    this.ownDeadline.add(outcome.request);
    this.stopIfUnmatched(outcome);
    recordInitializeDeadline(this, outcome);
    if (outcome.kind !== "response") throw new StopScenario(`initialize: ${describeOutcome(outcome)}`);
    if (outcome.error)
      throw new StopScenario(`initialize failed with error ${outcome.error.code}: ${outcome.error.message}`);
    return (outcome.result ?? {}) as Record<string, unknown>;
  }

  /** initialize, a version check, and authenticate when --auth-method is given. */
  async handshake(options: SendOptions & { id?: SentRequest["id"] } = {}): Promise<Record<string, unknown>> {
    const result = await this.initialize(defaultInitializeParams(this.answers.offered), options);
    await this.afterInitialize(result);
    return result;
  }

  /** The rest of a handshake: a version the kit tests, and authenticate when --auth-method is given. */
  async afterInitialize(result: Record<string, unknown>): Promise<void> {
    if (typeof result.protocolVersion === "number" && result.protocolVersion >= 2) {
      throw new BlockedScenario(
        `the agent negotiated ACP protocol version ${result.protocolVersion}; this kit tests version 1`,
      );
    }
    if (this.options.authMethod !== undefined) {
      const auth = await this.request("authenticate", { methodId: this.options.authMethod });
      if (auth.kind !== "response" || auth.error) {
        throw new BlockedScenario(
          `authenticate with --auth-method ${this.options.authMethod} failed: ${describeOutcome(auth)}`,
        );
      }
    }
  }

  /** session/new in this scenario's own directory; blocks the scenario on -32000 (auth required). */
  async newSession(): Promise<string> {
    stopIfPreflightBlocked(this.context.preflight, "sessions");
    const outcome = this.guardAuth(
      await this.request("session/new", { cwd: this.sessionCwd, mcpServers: [] }),
    );
    const sessionId =
      outcome.kind === "response"
        ? (outcome.result as { sessionId?: unknown } | undefined)?.sessionId
        : undefined;
    if (typeof sessionId !== "string")
      throw new StopScenario(`session/new gave no session id: ${describeOutcome(outcome)}`);
    return sessionId;
  }

  /** session/new, or undefined when the agent requires credentials the user did not give. */
  async tryNewSession(): Promise<string | undefined> {
    try {
      return await this.newSession();
    } catch (error) {
      if (error instanceof BlockedScenario) return undefined;
      throw error;
    }
  }

  /** Sends session/prompt and collects the turn's updates until its response (or waitMs). */
  async prompt(
    sessionId: string,
    prompt: string | unknown[],
    options: { waitMs?: number; onUpdate?: (update: IncomingMessage) => void } = {},
  ): Promise<Turn> {
    const blocks = typeof prompt === "string" ? [{ type: "text", text: prompt }] : prompt;
    const pending = this.request(
      "session/prompt",
      { sessionId, prompt: blocks },
      { waitMs: options.waitMs ?? this.turnWaitMs },
    );
    const request = this.connection.sent.at(-1)!;
    const unsubscribe = this.connection.onMessage((incoming) => {
      if (isSessionUpdate(incoming)) options.onUpdate?.(incoming);
    });
    const outcome = this.guardAuth(await pending.finally(unsubscribe));
    // Only a turn that ran gives the agent a reason to call the client (capability checks).
    if (outcome.kind === "response" && !outcome.error) this.turnsRun += 1;
    const endSeq = outcome.kind === "response" ? outcome.response.seq : this.transcript.nextSeq;
    const updates = this.connection.received.filter(
      (incoming) => incoming.seq > request.seq && incoming.seq < endSeq && isSessionUpdate(incoming),
    );
    return { sessionId, request, outcome, updates, endSeq };
  }

  /** session/update notifications received after `afterSeq`, once the agent has had time to send any. */
  async updatesAfter(afterSeq: number, sessionId?: string): Promise<IncomingMessage[]> {
    await this.settle();
    return this.connection.received.filter(
      (incoming) =>
        incoming.seq > afterSeq &&
        isSessionUpdate(incoming) &&
        (sessionId === undefined || updateSessionId(incoming) === sessionId),
    );
  }

  /** Live descendants of the agent right now (for cleanup evidence). */
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
      recordGenericChecks(this);
      this.transcript.finish();
    } finally {
      removeScratchDir(this.#scratch);
    }
    if (this.connection.kitBugs.length > 0) throw this.connection.kitBugs[0];
  }
}
