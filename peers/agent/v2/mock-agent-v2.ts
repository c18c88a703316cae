/**
 * The scripted mock agent as an ACP v2 agent (a script with `protocolVersion: 2`), straight on
 * JSON-RPC like the v1 one so a script can make it misbehave. What changes from v1
 * (migration.mdx): initialize answers `info` and `capabilities`; session/prompt is answered at
 * once as an acknowledgment (prompt-lifecycle.mdx#2-prompt-accepted), and the turn then runs as
 * updates: the user message, `state_update` running, the script's actions as v2 updates, and
 * `state_update` idle carrying the stop reason, which ends the turn. session/cancel ends it with
 * idle `cancelled`. The methods v2 removed (session/load, session/set_mode, authenticate, fs and
 * terminal) are unknown methods here. A script's raw `request` (its answer logged as a response
 * event, "{{sessionId}}" in its params the turn's session), `cancelRequest` and `requestsAtOnce`
 * work as in v1, and so do `sessionNewUpdates` and `answerCancelled`; "{{userMessageId}}" in a raw
 * `update` names the messageId the turn's acknowledgment gave the user message; `promptAnswer`
 * writes lines before the acknowledgment or refuses the prompt (prompt-answer-v2.ts).
 */
import { isAbsolute } from "node:path";
import type { Frame, PeerWire } from "../../peer-wire.js";
import type { AgentAction, AgentScript, CommonAction } from "../../script-types.js";
import { ClientRequests, classifyOutcome, type Turn } from "../client-requests.js";
import { RequestControl } from "../request-control.js";
import { answerSessionNewWithUpdates } from "../session-new-updates.js";
import { actionsForPrompt, runScriptedTurn } from "../scripted-turn.js";
import { type PermissionSpec, permissionOptions, permissionRequestParams } from "./permission-request-v2.js";
import { SavedSessionsV2 } from "./sessions-v2.js";
import { refusesPrompt } from "./prompt-answer-v2.js";
import { v2UpdateForAction } from "./updates-v2.js";
import { sleep } from "../../sleep.js";
import { RawFrameReplies } from "../raw-frame-replies.js";

/** The script actions that call the client's fs and terminal methods, which v2 removed. */
const V1_ONLY_ACTIONS = ["readFile", "writeFile", "terminal", "probeClientMethods"];

type RpcError = { code: number; message: string; data?: unknown };
type Reply = { result: unknown } | { error: RpcError };
type TurnEnd = { stopReason: string; error?: RpcError } | "hang";

export class MockAgentV2Runtime {
  readonly #script: AgentScript;
  readonly #wire: PeerWire;
  readonly #requests: ClientRequests;
  /** Requests the agent withdraws with `$/cancel_request`, or sends several at once (as the v1 mock agent). */
  readonly #control: RequestControl;
  /** Each session's turns run one after another: a prompt sent while one runs waits its turn. */
  readonly #sessions = new Map<string, { cwd: string; turn?: Turn; queue: Promise<void> }>();
  /** session/list, resume, close and delete (./sessions-v2.ts). */
  readonly #saved: SavedSessionsV2;
  readonly #usedRules = new Set<number>();
  readonly #rawFrameReplies: RawFrameReplies;
  readonly #inFlight = new Set<Promise<void>>();
  /** The messageId each turn's acknowledgment gave the user message. */
  readonly #userMessageIds = new WeakMap<Turn, string>();
  #counter = 0;
  #sessionsCreated = 0;
  /** Set at stdin's end: a client that closed the agent's input can answer nothing, so no scripted request is sent. */
  #inputEnded = false;
  #loggedIn = false; // by auth/login, when the script's `requireAuth` gates session/new

  constructor(script: AgentScript, wire: PeerWire) {
    this.#script = script;
    this.#wire = wire;
    this.#rawFrameReplies = new RawFrameReplies(wire.log);
    this.#requests = new ClientRequests(wire, (prefix) => this.#id(prefix));
    this.#saved = new SavedSessionsV2(script, wire, this.#sessions);
    this.#control = new RequestControl(wire, (prefix) => this.#id(prefix), script.answerCancelled);
  }

  start(): void {
    this.#wire.start(
      (message) => {
        const handled = this.#onMessage(message);
        this.#inFlight.add(handled);
        void handled.finally(() => this.#inFlight.delete(handled));
      },
      () => void this.#exitWhenIdle(),
    );
  }

  /** On stdin EOF: finish answering what was already read (at most a second), then exit. */
  async #exitWhenIdle(): Promise<void> {
    this.#inputEnded = true;
    await Promise.race([Promise.allSettled([...this.#inFlight]), sleep(1_000)]);
    await this.#wire.exit(0);
  }

  #id(prefix: string): string {
    this.#counter += 1;
    return `${prefix}-${this.#script.seed ?? 0}-${this.#counter}`;
  }

  #update(sessionId: string, update: Record<string, unknown>): void {
    this.#wire.send({ jsonrpc: "2.0", method: "session/update", params: { sessionId, update } });
  }

  async #onMessage(message: unknown): Promise<void> {
    // A client's batch (transports.mdx#json-rpc-batch-messages): each entry as if it came alone.
    // Its requests are answered one line each (a kit simplification); [] gets one -32600.
    if (Array.isArray(message) && message.length > 0) {
      await Promise.all(message.map((entry) => this.#onMessage(Array.isArray(entry) ? null : entry)));
      return;
    }
    if (typeof message !== "object" || message === null || Array.isArray(message)) {
      const error =
        message === undefined
          ? { code: -32700, message: "Parse error" }
          : { code: -32600, message: "Invalid request" };
      this.#wire.send({ jsonrpc: "2.0", id: null, error });
      return;
    }
    const frame = message as Frame;
    const params = (frame.params ?? {}) as Record<string, unknown>;
    if (typeof frame.method !== "string") {
      if ("result" in frame || "error" in frame)
        for (const to of [this.#requests, this.#control]) to.deliver(frame);
      return;
    }
    if (!("id" in frame)) {
      if (frame.method === "session/cancel" && typeof params.sessionId === "string") {
        this.#wire.log.add({ kind: "cancel", sessionId: params.sessionId });
        this.#sessions.get(params.sessionId)?.turn?.cancelled.abort();
      }
      return;
    }
    const cancelled = this.#control.cancelledAnswer(frame.method); // the script's answerCancelled (-32800), as in v1
    if (cancelled) return this.#wire.send({ jsonrpc: "2.0", id: frame.id, error: cancelled });
    if (frame.method === "session/prompt") return this.#prompt(params, frame.id);
    const reply = await this.#answer(frame.method, params);
    const created = "result" in reply && frame.method === "session/new";
    if (created && answerSessionNewWithUpdates(this.#wire, this.#script, frame.id, reply.result as never))
      return;
    this.#wire.send({ jsonrpc: "2.0", id: frame.id, ...reply });
  }

  async #answer(method: string, params: Record<string, unknown>): Promise<Reply> {
    const answer = this.#script.initialize ?? {};
    switch (method) {
      case "initialize": {
        if (answer.delayMs) await sleep(answer.delayMs);
        if (answer.error) return { error: answer.error };
        if (typeof params.protocolVersion !== "number" || !Number.isInteger(params.protocolVersion))
          return { error: { code: -32602, message: "Invalid params: protocolVersion must be an integer" } };
        const version =
          answer.protocolVersion === "echo" ? params.protocolVersion : (answer.protocolVersion ?? 2);
        const result: Record<string, unknown> = {
          protocolVersion: version,
          info: answer.agentInfo ?? { name: "acp-conformance-mock-agent", version: "2.0.0" },
          capabilities: answer.agentCapabilities ?? { session: { mcp: { stdio: {}, http: {} } } },
        };
        if (answer.authMethods) result.authMethods = answer.authMethods;
        return { result };
      }
      case "auth/login":
      case "auth/logout":
        // Served only when advertised (initialization.mdx: omitted or empty authMethods means neither method).
        if (!answer.authMethods?.length)
          return { error: { code: -32601, message: `Method not found: ${method}` } };
        if (method === "auth/login" && this.#script.requireAuth) {
          if (!this.#script.requireAuth.includes(String(params.methodId)))
            return {
              error: { code: -32602, message: `Invalid params: methodId ${String(params.methodId)}` },
            };
          this.#loggedIn = true;
        } else if (this.#script.requireAuth) this.#loggedIn = false; // logged out: gated again (authentication.mdx#logging-out)
        return { result: {} };
      case "session/new": {
        // `requireAuth`: auth_required until auth/login names one of its method ids (authentication.mdx).
        if (this.#script.requireAuth?.length && !this.#loggedIn)
          return { error: { code: -32000, message: "Authentication required" } };
        if (typeof params.cwd !== "string" || !isAbsolute(params.cwd))
          return { error: { code: -32602, message: "Invalid params: cwd must be an absolute path" } };
        const sessionId = this.#script.sessionIds?.[this.#sessionsCreated++] ?? this.#id("session");
        this.#sessions.set(sessionId, { cwd: params.cwd, queue: Promise.resolve() });
        return { result: { sessionId } };
      }
      default:
        return (
          this.#saved.answer(method, params) ?? {
            error: { code: -32601, message: `Method not found: ${method}` },
          }
        );
    }
  }

  /** Acknowledges the prompt at once, then runs the turn behind any turn still running on the session. */
  async #prompt(params: Record<string, unknown>, requestId: unknown): Promise<void> {
    const session = typeof params.sessionId === "string" ? this.#sessions.get(params.sessionId) : undefined;
    const gated = Boolean(this.#script.requireAuth?.length) && !this.#loggedIn; // logged out (authentication.mdx#active-sessions)
    if (gated || !Array.isArray(params.prompt) || params.prompt.length === 0 || !session) {
      const error = gated
        ? { code: -32000, message: "Authentication required" }
        : session
          ? { code: -32602, message: "Invalid params: prompt must be a non-empty array" }
          : { code: -32002, message: `Session not found: ${String(params.sessionId)}` };
      this.#wire.send({ jsonrpc: "2.0", id: requestId, error });
      return;
    }
    const sessionId = params.sessionId as string;
    const prompt = params.prompt as Array<{ type?: string; text?: string }>;
    const text = prompt.map((block) => (block.type === "text" ? (block.text ?? "") : "")).join("\n");
    if (await refusesPrompt(this.#wire, this.#script, requestId)) return; // the script's promptAnswer
    const messageId = this.#id("user-message");
    this.#wire.send({ jsonrpc: "2.0", id: requestId, result: { messageId } });
    this.#update(sessionId, { sessionUpdate: "user_message", messageId, content: prompt });
    const turn: Turn = {
      sessionId,
      requestId,
      text,
      cwd: session.cwd,
      cancelled: new AbortController(),
      permissions: new Map(),
    };
    this.#userMessageIds.set(turn, messageId);
    const run = session.queue.then(async () => {
      session.turn = turn;
      this.#update(sessionId, { sessionUpdate: "state_update", state: "running" });
      const end = await runScriptedTurn(
        this.#script,
        turn,
        actionsForPrompt(this.#script, this.#usedRules, text),
        (action, honour) => this.#runAction(turn, action, honour),
      );
      if (session.turn === turn) session.turn = undefined;
      if (end === "hang") return;
      this.#update(sessionId, { sessionUpdate: "state_update", state: "idle", ...end });
    });
    session.queue = run;
    await run;
  }

  async #runAction(turn: Turn, action: AgentAction, honour: boolean): Promise<TurnEnd | undefined> {
    const asUpdate = v2UpdateForAction(action, (prefix) => this.#id(prefix), this.#userMessageIds.get(turn));
    if (asUpdate) this.#update(asUpdate.sessionId ?? turn.sessionId, asUpdate.body);
    else if ("requestPermission" in action) await this.#requestPermission(turn, action.requestPermission);
    else if ("ifPermission" in action) {
      const { as, outcome, then, else: otherwise } = action.ifPermission;
      const branch =
        classifyOutcome(turn.permissions.get(as ?? "last")) === outcome ? then : (otherwise ?? []);
      for (const inner of branch) {
        const end = await this.#runAction(turn, inner, honour);
        if (end) return end;
      }
    } else if ("repeat" in action) {
      for (let round = 0; round < action.repeat.times; round++)
        for (const inner of action.repeat.actions) {
          if (honour && turn.cancelled.signal.aborted) return undefined;
          const end = await this.#runAction(turn, inner, honour);
          if (end) return end;
        }
    } else if ("frame" in action) {
      const text = action.frame
        .replaceAll("{{requestId}}", JSON.stringify(turn.requestId))
        .replaceAll("{{sessionId}}", turn.sessionId);
      this.#rawFrameReplies.noteFrame(turn, text);
      this.#wire.writeRaw(Buffer.from(`${text}\n`));
      this.#wire.log.add({ kind: "sent", text: text.slice(0, 64 * 1024) });
    } else if ("awaitReplies" in action) await this.#rawFrameReplies.await(turn, action.awaitReplies);
    else if ("stop" in action) return { stopReason: action.stop };
    else if ("error" in action) return { stopReason: "error", error: action.error };
    else if ("hang" in action) return "hang";
    else if ("delay" in action) await sleep(action.delay, honour ? turn.cancelled.signal : undefined);
    else if (V1_ONLY_ACTIONS.some((key) => key in action))
      throw new Error("v2 has no client fs or terminal methods: this action is v1-only");
    else if ("cancelRequest" in action) await this.#control.cancelled(turn, action.cancelRequest);
    else if ("requestsAtOnce" in action)
      await this.#control.atOnce(turn, action.requestsAtOnce.requests, action.requestsAtOnce.waitMs);
    else if ("request" in action) {
      if (this.#inputEnded) return undefined; // it could only be left unanswered
      // "{{sessionId}}" in the params names the turn's session, as in a frame action.
      const params = JSON.parse(
        JSON.stringify(action.request.params ?? {}).replaceAll(
          '"{{sessionId}}"',
          JSON.stringify(turn.sessionId),
        ),
      );
      const answer = await this.#requests.request(action.request.method, params);
      this.#wire.log.add({
        kind: "response",
        method: action.request.method,
        id: answer.id,
        ...("error" in answer ? { error: answer.error } : { result: answer.result }),
      });
    } else await this.#wire.runCommonAction(action as CommonAction);
    return undefined;
  }

  /** A v2 permission request: a required title and the tool call as its subject; running again once answered. */
  async #requestPermission(turn: Turn, spec: PermissionSpec): Promise<void> {
    const toolCallId = spec.toolCallId ?? this.#id("tool");
    const options = permissionOptions(spec);
    this.#update(turn.sessionId, { sessionUpdate: "state_update", state: "requires_action" });
    const answer = await this.#requests.request(
      "session/request_permission",
      permissionRequestParams(turn.sessionId, toolCallId, spec),
    );
    const outcome = (answer.result as { outcome?: unknown } | undefined)?.outcome ?? { error: answer.error };
    const kind = options.find(
      (option) => option.optionId === (outcome as { optionId?: unknown }).optionId,
    )?.kind;
    turn.permissions.set(spec.as ?? "last", { ...(outcome as object), kind });
    turn.permissions.set("last", { ...(outcome as object), kind });
    this.#wire.log.add({ kind: "permission", toolCallId, outcome });
    if (!turn.cancelled.signal.aborted)
      this.#update(turn.sessionId, { sessionUpdate: "state_update", state: "running" });
  }
}
