/**
 * The scripted mock client: sends the script's steps in order (initialize, authenticate,
 * logout, the session-management requests, prompts, cancels, $/cancel_request), answers the
 * agent's permission, fs, terminal and elicitation requests as the script says, and logs
 * everything, every answer to its own requests included. fs (client-fs.ts) and terminals
 * (client-terminals.ts) are served inside the current session's cwd; terminals still running
 * when the client ends are killed. A script with protocolVersion: 2 speaks the ACP v2 draft:
 * v2/mock-client-v2.ts runs the steps and answers whose wire v2 changed.
 */
import type { ObservationLog } from "../observation-log.js";
import type { Frame, PeerWire } from "../peer-wire.js";
import type { ClientScript, ClientStep } from "../script-types.js";
import { answerElicitation } from "./client-elicitation.js";
import { ClientFileSystem, type Reply } from "./client-fs.js";
import { ClientSessions, isSessionStep } from "./client-sessions.js";
import { ClientTerminals } from "./client-terminals.js";
import { MockClientV2 } from "./v2/mock-client-v2.js";

/** A request of ours still waiting for its answer. */
interface Outstanding {
  id: number;
  method: string;
  answered: Promise<Frame>;
}

export class MockClientRuntime {
  readonly #script: ClientScript;
  readonly #wire: PeerWire;
  readonly #log: ObservationLog;
  readonly #waiting = new Map<number, (frame: Frame) => void>();
  readonly #outstanding: Outstanding[] = [];
  readonly #sessions = new ClientSessions();
  readonly #fs: ClientFileSystem;
  readonly #terminals: ClientTerminals;
  /** The ACP v2 profile, when the script selects it (protocolVersion: 2): it runs the steps whose wire v2 changed. */
  readonly #v2: MockClientV2 | undefined;
  #nextId = 1;
  #sawUpdate: () => void = () => {};
  /** Resolves when every step has run and the terminals the agent left are killed. */
  readonly done: Promise<void>;
  #finish: () => void = () => {};

  constructor(script: ClientScript, wire: PeerWire) {
    this.#script = script;
    this.#wire = wire;
    this.#log = wire.log;
    this.#fs = new ClientFileSystem(script, this.#log);
    this.#terminals = new ClientTerminals(script, this.#log);
    this.done = new Promise((resolve) => (this.#finish = resolve));
    this.#v2 =
      script.protocolVersion === 2
        ? new MockClientV2(script, this.#log, {
            request: (method, params) => this.#request(method, params),
            send: (frame) => this.#wire.send(frame),
            cancel: (sessionId) => this.#cancel(sessionId),
            sessions: this.#sessions,
          })
        : undefined;
  }

  start(): void {
    this.#wire.start(
      (message) => void this.#onMessage(message),
      () => void this.stop().then(() => this.#wire.exit(0)),
    );
    void this.#runSteps();
  }

  /** Kills every terminal the agent created (the peer's end). */
  stop(): Promise<void> {
    return this.#terminals.endAll();
  }

  async #runSteps(): Promise<void> {
    for (const step of this.#script.steps) {
      await this.#runStep(step);
      if (this.#wire.hung) return;
      if (this.#v2?.declined) break;
    }
    await this.stop();
    this.#finish();
  }

  #request(method: string, params: unknown): Promise<Frame> {
    const id = this.#nextId++;
    const answered = new Promise<Frame>((resolve) => {
      this.#waiting.set(id, (frame) => {
        this.#waiting.delete(id);
        const at = this.#outstanding.findIndex((request) => request.id === id);
        if (at !== -1) this.#outstanding.splice(at, 1);
        const entry = {
          kind: "response" as const,
          method,
          id,
          ...("error" in frame ? { error: frame.error } : { result: frame.result }),
        };
        this.#log.add(entry);
        resolve(frame);
      });
    });
    this.#outstanding.push({ id, method, answered });
    this.#wire.send({ jsonrpc: "2.0", id, method, params });
    return answered;
  }

  async #runStep(step: ClientStep): Promise<void> {
    if (await this.#v2?.runStep(step)) return;
    if ("initialize" in step) {
      await this.#request("initialize", {
        protocolVersion: step.initialize.protocolVersion ?? 1,
        clientCapabilities: this.#script.clientCapabilities ?? {},
        clientInfo: this.#script.clientInfo ?? { name: "acp-conformance-mock-client", version: "1.0.0" },
      });
    } else if ("authenticate" in step)
      await this.#request("authenticate", { methodId: step.authenticate.methodId });
    else if (isSessionStep(step)) {
      const request = this.#sessions.request(step);
      if (!request) return;
      const answer = await this.#request(request.method, request.params);
      this.#sessions.answered(step, request, answer.result);
    } else if ("prompt" in step) await this.#prompt(step.prompt);
    else if ("cancel" in step) this.#cancel(this.#sessions.resolve(step.cancel));
    else if ("cancelRequest" in step) await this.#cancelRequest(step.cancelRequest);
    else if ("request" in step) await this.#request(step.request.method, step.request.params);
    else if ("notify" in step)
      this.#wire.send({ jsonrpc: "2.0", method: step.notify.method, params: step.notify.params });
    else if ("closeStdin" in step) await this.#wire.exit(0);
    else await this.#wire.runCommonAction(step);
  }

  async #prompt(spec: Extract<ClientStep, { prompt: unknown }>["prompt"]): Promise<void> {
    const firstUpdate = new Promise<void>((resolve) => (this.#sawUpdate = resolve));
    const sessionId = this.#sessions.resolve(spec);
    const answered = this.#request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: spec.text }],
    });
    // A cancel the prompt asks for goes to the prompt's session, which a later step may no longer make current.
    if (spec.cancelAfterMs !== undefined) setTimeout(() => this.#cancel(sessionId), spec.cancelAfterMs);
    if (spec.cancelAfterFirstUpdate) void firstUpdate.then(() => this.#cancel(sessionId));
    if (spec.await ?? true) await answered;
  }

  #cancel(sessionId = this.#sessions.current): void {
    if (sessionId === undefined || sessionId === "") return;
    this.#log.add({ kind: "cancel", sessionId });
    this.#wire.send({ jsonrpc: "2.0", method: "session/cancel", params: { sessionId } });
  }

  /** $/cancel_request for the latest request still unanswered (of `method`, when given). */
  async #cancelRequest(spec: { method?: string; await?: boolean }): Promise<void> {
    const target = [...this.#outstanding]
      .reverse()
      .find((request) => spec.method === undefined || request.method === spec.method);
    if (!target) return;
    this.#log.add({ kind: "cancel-request", requestId: target.id, method: target.method });
    this.#wire.send({ jsonrpc: "2.0", method: "$/cancel_request", params: { requestId: target.id } });
    if (spec.await ?? true) await target.answered;
  }

  async #onMessage(message: unknown): Promise<void> {
    if (typeof message !== "object" || message === null || Array.isArray(message)) return;
    const frame = message as Frame;
    if (typeof frame.method !== "string") {
      if (typeof frame.id === "number") this.#waiting.get(frame.id)?.(frame);
      return;
    }
    const params = (frame.params ?? {}) as Record<string, unknown>;
    if (!("id" in frame)) {
      if (frame.method === "session/update") this.#sawUpdate();
      this.#v2?.observe(frame.method, params);
      return;
    }
    const reply = this.#v2
      ? this.#v2.answer(frame.id, frame.method, params)
      : await this.#answer(frame.method, params);
    if (reply) this.#wire.send({ jsonrpc: "2.0", id: frame.id, ...reply });
  }

  async #answer(method: string, params: Record<string, unknown>): Promise<Reply | undefined> {
    if (method === "session/request_permission") return this.#permission(params);
    if (method.startsWith("fs/")) return this.#fs.answer(method, params, this.#sessions.cwd);
    if (method.startsWith("terminal/")) return this.#terminals.answer(method, params, this.#sessions.cwd);
    if (method === "elicitation/create") return answerElicitation(this.#script, this.#log, params);
    return { error: { code: -32601, message: `Method not found: ${method}` } };
  }

  #permission(params: Record<string, unknown>): Reply | undefined {
    const answer = this.#script.permission?.answer ?? "reject_once";
    const toolCallId = (params.toolCall as { toolCallId?: string } | undefined)?.toolCallId;
    if (answer === "never") {
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
