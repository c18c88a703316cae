/**
 * The mock client's ACP v2 profile (a script with protocolVersion: 2; docs/protocol/v2/,
 * migration.mdx for what changed). The v1 runtime (../mock-client-runtime.ts) keeps its wire,
 * its request bookkeeping and the steps whose wire v2 kept (session/new, list, close, delete,
 * cancel, $/cancel_request, raw requests and notifications); this class runs the steps that
 * differ and answers the agent's requests:
 * - initialize sends protocolVersion 2, `info` and `capabilities` (the script's clientInfo and
 *   clientCapabilities), and logs the version the agent agreed; when that is not 2 the client
 *   stops, as a v2-only client disconnects.
 * - authenticate is sent as auth/login, logout as auth/logout.
 * - session/resume carries the step's replayFrom; set_config_option sends `type: "id"` values.
 * - a prompt's response is an acknowledgment: the step waits for the idle state_update that
 *   ends its turn (v2-turns.ts) and logs the turn.
 * - permission requests are answered with v2's RequestPermissionResponse; a request the agent
 *   cancels with $/cancel_request while unanswered gets the `cancelled` outcome, as v2 asks.
 * - fs/* and terminal/* are not v2 methods: -32601 (the script cannot serve them: see
 *   v2-script-rules.ts).
 */
import type { ObservationLog } from "../../observation-log.js";
import type { Frame } from "../../peer-wire.js";
import type { ClientScript, ClientStep } from "../../script-types.js";
import { answerElicitation } from "../client-elicitation.js";
import type { Reply } from "../client-fs.js";
import type { ClientSessions } from "../client-sessions.js";
import { V2Turns } from "./v2-turns.js";

const DEFAULT_INFO = { name: "acp-conformance-mock-client", version: "1.0.0" };

/** What the v2 profile needs of the runtime that hosts it. */
export interface MockClientV2Host {
  /** Sends a request and resolves with its answer (logged by the host). */
  request(method: string, params: unknown): Promise<Frame>;
  /** Writes a frame as is (an answer given later than the request's arrival). */
  send(frame: Frame): void;
  /** Sends session/cancel for the session (and logs it). */
  cancel(sessionId: string): void;
  readonly sessions: ClientSessions;
}

type PromptSpec = Extract<ClientStep, { prompt: unknown }>["prompt"];

export class MockClientV2 {
  readonly #script: ClientScript;
  readonly #log: ObservationLog;
  readonly #host: MockClientV2Host;
  readonly #turns = new V2Turns();
  /** Permission requests left unanswered ("never"), by JSON-RPC id: a $/cancel_request answers them. */
  readonly #unanswered = new Map<unknown, string | undefined>();
  /** True once the agent answered initialize with another version than 2: the client stops. */
  declined = false;

  constructor(script: ClientScript, log: ObservationLog, host: MockClientV2Host) {
    this.#script = script;
    this.#log = log;
    this.#host = host;
  }

  /** Runs a step whose v2 wire differs from v1's; false when the step is the v1 runtime's to run. */
  async runStep(step: ClientStep): Promise<boolean> {
    const host = this.#host;
    if ("initialize" in step) await this.#initialize(step.initialize.protocolVersion ?? 2);
    else if ("authenticate" in step)
      await host.request("auth/login", { methodId: step.authenticate.methodId });
    else if ("logout" in step) await host.request("auth/logout", {});
    else if ("resumeSession" in step) {
      const request = host.sessions.request(step)!;
      const { replayFrom } = step.resumeSession;
      const params = { ...request.params, ...(replayFrom === undefined ? {} : { replayFrom }) };
      const answer = await host.request(request.method, params);
      host.sessions.answered(step, request, answer.result);
    } else if ("setConfigOption" in step) {
      const { configId, value } = step.setConfigOption;
      await host.request("session/set_config_option", {
        sessionId: host.sessions.resolve(step.setConfigOption),
        configId,
        ...(typeof value === "boolean" ? { type: "boolean", value } : { type: "id", value }),
      });
    } else if ("prompt" in step) await this.#prompt(step.prompt);
    else return false;
    return true;
  }

  async #initialize(requested: unknown): Promise<void> {
    const answer = await this.#host.request("initialize", {
      protocolVersion: requested,
      info: this.#script.clientInfo ?? DEFAULT_INFO,
      capabilities: this.#script.clientCapabilities ?? {},
    });
    const agreed = (answer.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    this.#log.add({ kind: "profile", requested, agreed });
    this.declined = agreed !== 2;
  }

  async #prompt(spec: PromptSpec): Promise<void> {
    const sessionId = this.#host.sessions.resolve(spec);
    const turn = this.#turns.open(sessionId);
    const answered = this.#host.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: spec.text }],
    });
    if (spec.cancelAfterMs !== undefined) setTimeout(() => this.#host.cancel(sessionId), spec.cancelAfterMs);
    if (spec.cancelAfterFirstUpdate) void turn.firstUpdate.then(() => this.#host.cancel(sessionId));
    const finished = answered.then(async (frame) => {
      // A refused prompt inserted no message and started no turn of its own to wait for.
      if ("error" in frame) return turn.abandon();
      const { stopReason, updates } = await turn.ended;
      const messageId = (frame.result as { messageId?: unknown } | undefined)?.messageId;
      this.#log.add({ kind: "turn", sessionId, messageId, stopReason, updates });
    });
    if (spec.await ?? true) await finished;
  }

  /** A notification from the agent: session/update feeds the turns, $/cancel_request answers a pending permission. */
  observe(method: string, params: Record<string, unknown>): void {
    if (method === "session/update") this.#turns.observe(params);
    if (method === "$/cancel_request" && this.#unanswered.has(params.requestId)) {
      const toolCallId = this.#unanswered.get(params.requestId);
      this.#unanswered.delete(params.requestId);
      const outcome = { outcome: "cancelled" };
      this.#log.add({ kind: "permission", toolCallId, outcome });
      this.#host.send({ jsonrpc: "2.0", id: params.requestId, result: { outcome } });
    }
  }

  /** The answer to one of the agent's requests (undefined: none, now). */
  answer(id: unknown, method: string, params: Record<string, unknown>): Reply | undefined {
    if (method === "session/request_permission") return this.#permission(id, params);
    if (method === "elicitation/create") return answerElicitation(this.#script, this.#log, params);
    return { error: { code: -32601, message: `Method not found: ${method} (not an ACP v2 client method)` } };
  }

  #permission(id: unknown, params: Record<string, unknown>): Reply | undefined {
    const answer = this.#script.permission?.answer ?? "reject_once";
    // v2 names the tool call in a `tool_call` subject (v1 had a top-level toolCall).
    const subject = params.subject as { type?: unknown; toolCall?: { toolCallId?: unknown } } | undefined;
    const rawId = subject?.type === "tool_call" ? subject.toolCall?.toolCallId : undefined;
    const toolCallId = typeof rawId === "string" ? rawId : undefined;
    if (answer === "never") {
      this.#unanswered.set(id, toolCallId);
      this.#log.add({ kind: "permission", toolCallId, outcome: undefined });
      return undefined;
    }
    const options = (params.options ?? []) as Array<{ optionId?: string; kind?: string }>;
    const option =
      answer === "cancelled" ? undefined : options.find((candidate) => candidate.kind === answer);
    const outcome = option ? { outcome: "selected", optionId: option.optionId } : { outcome: "cancelled" };
    this.#log.add({ kind: "permission", toolCallId, outcome });
    return { result: { outcome } };
  }
}
