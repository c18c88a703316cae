/**
 * The mock client's session bookkeeping and the requests of its session-management steps
 * (session/new, load, resume, list, close, delete, set_mode, set_config_option, logout).
 * Session ids are the agent's to mint, so a script cannot know them in advance: a step that
 * opens a session may remember it under a name (`as`), and later steps name it (`session`)
 * or use the current one, the last session created, loaded or resumed.
 */
import type { ClientStep } from "../script-types.js";

/** One JSON-RPC request a step sends. */
export interface StepRequest {
  method: string;
  params: Record<string, unknown>;
}

interface SessionRef {
  sessionId?: string;
  session?: string;
}

interface OpenSpec extends SessionRef {
  cwd?: string;
  additionalDirectories?: string[];
  mcpServers?: Array<Record<string, unknown>>;
  as?: string;
}

type Step<K extends string> = Extract<ClientStep, Record<K, unknown>>;
export type SessionStep =
  | Step<"newSession">
  | Step<"loadSession">
  | Step<"resumeSession">
  | Step<"listSessions">
  | Step<"closeSession">
  | Step<"deleteSession">
  | Step<"setMode">
  | Step<"setConfigOption">
  | Step<"logout">;

const SESSION_STEPS = [
  "newSession",
  "loadSession",
  "resumeSession",
  "listSessions",
  "closeSession",
  "deleteSession",
  "setMode",
  "setConfigOption",
  "logout",
] as const;

export function isSessionStep(step: ClientStep): step is SessionStep {
  return SESSION_STEPS.some((key) => key in step);
}

export class ClientSessions {
  /** The current session's id: what prompts, cancels and session steps use unless told otherwise. */
  current: string | undefined;
  /** The current session's cwd: the root fs and terminals are served in. */
  cwd: string = process.cwd();
  readonly #named = new Map<string, string>();
  readonly #cwds = new Map<string, string>();
  #nextCursor: string | undefined;

  /** The id a step names: a literal id, a remembered name, or the current session ("" when there is none). */
  resolve(ref: SessionRef): string {
    if (ref.sessionId !== undefined) return ref.sessionId;
    if (ref.session !== undefined) return this.#named.get(ref.session) ?? "";
    return this.current ?? "";
  }

  /**
   * The request a session step sends, or undefined when there is nothing to send (nextPage
   * after the last page). A load or resume makes its session current at once (see #reopen).
   */
  request(step: SessionStep): StepRequest | undefined {
    if ("newSession" in step) {
      const spec: OpenSpec = step.newSession;
      this.cwd = spec.cwd ?? process.cwd();
      return { method: "session/new", params: { cwd: this.cwd, ...this.#openExtras(spec) } };
    }
    if ("loadSession" in step) return this.#reopen("session/load", step.loadSession);
    if ("resumeSession" in step) return this.#reopen("session/resume", step.resumeSession);
    if ("listSessions" in step) {
      const spec = step.listSessions;
      const cursor = spec.nextPage ? this.#nextCursor : spec.cursor;
      if (spec.nextPage && cursor === undefined) return undefined;
      return {
        method: "session/list",
        params: {
          ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
          ...(cursor === undefined ? {} : { cursor }),
        },
      };
    }
    if ("closeSession" in step)
      return { method: "session/close", params: { sessionId: this.resolve(step.closeSession) } };
    if ("deleteSession" in step)
      return { method: "session/delete", params: { sessionId: this.resolve(step.deleteSession) } };
    if ("setMode" in step)
      return {
        method: "session/set_mode",
        params: { sessionId: this.resolve(step.setMode), modeId: step.setMode.modeId },
      };
    if ("setConfigOption" in step) {
      const { configId, value } = step.setConfigOption;
      return {
        method: "session/set_config_option",
        params: {
          sessionId: this.resolve(step.setConfigOption),
          configId,
          // A boolean option says so on the wire; a value id is the default variant (no type).
          ...(typeof value === "boolean" ? { type: "boolean", value } : { value }),
        },
      };
    }
    return { method: "logout", params: {} };
  }

  /** Takes note of a session step's answer: the session session/new opened becomes current, a list's cursor is kept. */
  answered(step: SessionStep, request: StepRequest, result: unknown): void {
    const answer = (result ?? {}) as { sessionId?: unknown; nextCursor?: unknown };
    if ("listSessions" in step)
      this.#nextCursor = typeof answer.nextCursor === "string" ? answer.nextCursor : undefined;
    if (!("newSession" in step) || typeof answer.sessionId !== "string") return;
    this.current = answer.sessionId;
    this.#cwds.set(answer.sessionId, String(request.params.cwd));
    if (step.newSession.as !== undefined) this.#named.set(step.newSession.as, answer.sessionId);
  }

  /**
   * load and resume name a session and its cwd. The current session becomes the one named as
   * soon as the request goes out: a load replays the history before it answers, and what the
   * agent asks meanwhile (fs, terminals) is served in that session's cwd.
   */
  #reopen(method: string, spec: OpenSpec): StepRequest {
    const sessionId = this.resolve(spec);
    const cwd = spec.cwd ?? this.#cwds.get(sessionId) ?? process.cwd();
    this.current = sessionId;
    this.cwd = cwd;
    this.#cwds.set(sessionId, cwd);
    if (spec.as !== undefined) this.#named.set(spec.as, sessionId);
    return { method, params: { sessionId, cwd, ...this.#openExtras(spec) } };
  }

  #openExtras(spec: OpenSpec): Record<string, unknown> {
    return {
      mcpServers: spec.mcpServers ?? [],
      ...(spec.additionalDirectories === undefined
        ? {}
        : { additionalDirectories: spec.additionalDirectories }),
    };
  }
}
