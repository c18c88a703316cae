/**
 * The scripted mock agent: answers initialize, hands out session ids, and runs each prompt
 * turn as the script's actions say, over a PeerWire. Written straight on JSON-RPC (no SDK) so
 * a script can make it misbehave in any way. Every id it generates comes from counters and
 * the seed, so the same script gives the same frames.
 */
import { isAbsolute } from "node:path";
import type { ObservationLog } from "../observation-log.js";
import type { Frame, PeerWire } from "../peer-wire.js";
import type { AgentAction, AgentScript, CommonAction } from "../script-types.js";
import { ClientRequests, classifyOutcome, type Turn } from "./client-requests.js";
import { actionsForPrompt, runScriptedTurn } from "./scripted-turn.js";
import { connectMcpServers } from "../reference/mcp-servers.js";
import { answerSessionNewWithUpdates } from "./session-new-updates.js";
import { AgentAuthentication } from "./authentication.js";
import { SessionSettings } from "./session-settings.js";
import { SavedSessions } from "./saved-sessions.js";
import { probeClientMethods } from "./client-methods-probe.js";
import { RequestControl } from "./request-control.js";
import { answerInitialize } from "./initialize-answer.js";
import { updateForAction } from "./update-actions.js";
import { MockAgentV2Runtime } from "./v2/mock-agent-v2.js";
import { sleep } from "../sleep.js";
import { RawFrameReplies } from "./raw-frame-replies.js";

type RpcError = { code: number; message: string; data?: unknown };
type Reply = { result: unknown } | { error: RpcError };
type TurnEnd = { stopReason: string } | { error: RpcError } | "hang";

export class MockAgentRuntime {
  readonly #script: AgentScript;
  readonly #wire: PeerWire;
  readonly #log: ObservationLog;
  readonly #sessions = new Map<string, { cwd: string; turn?: Turn }>();
  readonly #requests: ClientRequests;
  readonly #usedRules = new Set<number>();
  readonly #rawFrameReplies: RawFrameReplies;
  readonly #auth: AgentAuthentication;
  readonly #settings: SessionSettings;
  #clientCapabilities: Record<string, unknown> = {};
  #counter = 0;
  #sessionsCreated = 0;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #saved: SavedSessions;
  readonly #control: RequestControl;

  constructor(script: AgentScript, wire: PeerWire) {
    this.#script = script;
    this.#wire = wire;
    this.#log = wire.log;
    this.#rawFrameReplies = new RawFrameReplies(wire.log);
    this.#requests = new ClientRequests(wire, (prefix) => this.#id(prefix));
    this.#auth = new AgentAuthentication(script);
    this.#settings = new SessionSettings(script);
    this.#saved = new SavedSessions(script, wire, this.#sessions);
    this.#control = new RequestControl(wire, (prefix) => this.#id(prefix), script.answerCancelled);
  }

  start(): void {
    if (this.#script.protocolVersion === 2) {
      new MockAgentV2Runtime(this.#script, this.#wire).start(); // a v2 agent speaks as peers/agent/v2/ says
      return;
    }
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
    await Promise.race([Promise.allSettled([...this.#inFlight]), sleep(1_000)]);
    await this.#wire.exit(0);
  }

  #id(prefix: string): string {
    this.#counter += 1;
    return `${prefix}-${this.#script.seed ?? 0}-${this.#counter}`;
  }

  async #onMessage(message: unknown): Promise<void> {
    if (typeof message !== "object" || message === null || Array.isArray(message)) {
      if (message === undefined)
        this.#wire.send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      else this.#wire.send({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid request" } });
      return;
    }
    const frame = message as Frame;
    if (typeof frame.method !== "string") {
      if ("result" in frame || "error" in frame)
        for (const to of [this.#requests, this.#control]) to.deliver(frame);
      else if ("id" in frame)
        this.#wire.send({
          jsonrpc: "2.0",
          id: frame.id ?? null,
          error: { code: -32600, message: "Invalid request" },
        });
      return;
    }
    const params = (frame.params ?? {}) as Record<string, unknown>;
    if (!("id" in frame)) {
      if (frame.method === "session/cancel" && typeof params.sessionId === "string") {
        this.#log.add({ kind: "cancel", sessionId: params.sessionId });
        this.#sessions.get(params.sessionId)?.turn?.cancelled.abort();
      }
      return;
    }
    const cancelled = this.#control.cancelledAnswer(frame.method);
    const reply = cancelled ? { error: cancelled } : await this.#answer(frame.method, params, frame.id);
    if (reply === "hang") return;
    this.#wire.send({ jsonrpc: "2.0", id: frame.id, ...reply });
  }

  async #answer(
    method: string,
    params: Record<string, unknown>,
    requestId: unknown,
  ): Promise<Reply | "hang"> {
    const script = this.#script;
    const authRequired = this.#auth.gate(method);
    if (authRequired) return authRequired;
    switch (method) {
      case "initialize":
        this.#clientCapabilities = (params.clientCapabilities ?? {}) as Record<string, unknown>;
        return answerInitialize(script, params);
      case "authenticate":
        return this.#auth.authenticate(params);
      case "logout":
        return this.#auth.logout();
      case "session/set_mode":
        return this.#settings.setMode(params);
      case "session/set_config_option":
        return this.#settings.setConfigOption(params);
      case "session/new": {
        if (typeof params.cwd !== "string" || !isAbsolute(params.cwd) || !Array.isArray(params.mcpServers))
          return {
            error: { code: -32602, message: "Invalid params: cwd must be absolute and mcpServers an array" },
          };
        const given = script.sessionIds?.[this.#sessionsCreated++];
        const sessionId = given ?? this.#id("session");
        this.#sessions.set(sessionId, { cwd: params.cwd });
        // Like every agent, it connects the MCP servers it is given (session-setup.mdx#mcp-servers).
        connectMcpServers(sessionId, params.mcpServers);
        const result = { sessionId, ...this.#settings.forNewSession(sessionId) };
        if (answerSessionNewWithUpdates(this.#wire, script, requestId, result)) return "hang"; // answered
        return { result };
      }
      case "session/prompt":
        return this.#prompt(params, requestId);
      default:
        return (
          this.#saved.answer(method, params) ?? {
            error: { code: -32601, message: `Method not found: ${method}` },
          }
        );
    }
  }

  async #prompt(params: Record<string, unknown>, requestId: unknown): Promise<Reply | "hang"> {
    if (typeof params.sessionId !== "string" || !Array.isArray(params.prompt))
      return { error: { code: -32602, message: "Invalid params: sessionId and prompt are required" } };
    const session = this.#sessions.get(params.sessionId);
    if (!session) return { error: { code: -32002, message: `Session not found: ${params.sessionId}` } };
    const text = (params.prompt as Array<{ type?: string; text?: string }>)
      .map((block) => (block.type === "text" ? (block.text ?? "") : ""))
      .join("\n");
    const turn: Turn = {
      sessionId: params.sessionId,
      requestId,
      text,
      cwd: session.cwd,
      cancelled: new AbortController(),
      permissions: new Map(),
    };
    session.turn = turn;
    const end = await runScriptedTurn(
      this.#script,
      turn,
      actionsForPrompt(this.#script, this.#usedRules, text),
      (action, honour) => this.#runAction(turn, action, honour),
    );
    if (session.turn === turn) session.turn = undefined;
    if (end === "hang") return "hang";
    return "error" in end ? { error: end.error } : { result: { stopReason: end.stopReason } };
  }

  /** Runs one action; returns how the turn ends when the action ends it. */
  async #runAction(turn: Turn, action: AgentAction, honourCancel: boolean): Promise<TurnEnd | undefined> {
    const asUpdate = updateForAction(action, (prefix) => this.#id(prefix));
    if (asUpdate)
      this.#wire.send({
        jsonrpc: "2.0",
        method: "session/update",
        params: { sessionId: asUpdate.sessionId ?? turn.sessionId, update: asUpdate.body },
      });
    else if ("requestPermission" in action)
      await this.#requests.requestPermission(turn, action.requestPermission);
    else if ("ifPermission" in action) {
      const outcome = classifyOutcome(turn.permissions.get(action.ifPermission.as ?? "last"));
      const branch =
        outcome === action.ifPermission.outcome ? action.ifPermission.then : (action.ifPermission.else ?? []);
      for (const inner of branch) {
        const end = await this.#runAction(turn, inner, honourCancel);
        if (end) return end;
      }
    } else if ("repeat" in action) {
      for (let round = 0; round < action.repeat.times; round++) {
        for (const inner of action.repeat.actions) {
          if (honourCancel && turn.cancelled.signal.aborted) return undefined;
          const end = await this.#runAction(turn, inner, honourCancel);
          if (end) return end;
        }
      }
    } else if ("readFile" in action)
      await this.#requests.fs(turn, "fs/read_text_file", action.readFile.path, {});
    else if ("writeFile" in action)
      await this.#requests.fs(turn, "fs/write_text_file", action.writeFile.path, {
        content: action.writeFile.content,
      });
    else if ("terminal" in action)
      await this.#requests.terminal(turn, action.terminal.command, action.terminal.args ?? []);
    else if ("probeClientMethods" in action) {
      const spec = action.probeClientMethods;
      await probeClientMethods(this.#requests, this.#log, turn, this.#clientCapabilities, spec);
    } else if ("request" in action) {
      const answer = await this.#requests.request(action.request.method, action.request.params);
      this.#log.add({
        kind: "response",
        method: action.request.method,
        id: answer.id,
        ...("error" in answer ? { error: answer.error } : { result: answer.result }),
      });
    } else if ("requestsAtOnce" in action)
      await this.#control.atOnce(turn, action.requestsAtOnce.requests, action.requestsAtOnce.waitMs);
    else if ("cancelRequest" in action) await this.#control.cancelled(turn, action.cancelRequest);
    else if ("frame" in action) {
      const text = action.frame
        .replaceAll("{{requestId}}", JSON.stringify(turn.requestId))
        .replaceAll("{{sessionId}}", turn.sessionId);
      this.#rawFrameReplies.noteFrame(turn, text);
      this.#wire.writeRaw(Buffer.from(`${text}\n`));
      this.#log.add({ kind: "sent", text: text.slice(0, 64 * 1024) });
    } else if ("awaitReplies" in action) await this.#rawFrameReplies.await(turn, action.awaitReplies);
    else if ("stop" in action) return { stopReason: action.stop };
    else if ("error" in action) return { error: action.error };
    else if ("hang" in action) return "hang";
    else if ("delay" in action) await sleep(action.delay, honourCancel ? turn.cancelled.signal : undefined);
    else await this.#wire.runCommonAction(action as CommonAction); // every other kind was handled above
    return undefined;
  }
}
