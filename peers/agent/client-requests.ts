/**
 * What the mock agent asks of the client during a turn: permission (remembered per turn, for
 * `ifPermission`), fs reads and writes, a terminal's whole life, and any request a script
 * names. Each request waits for the client's response frame, which the agent routes here.
 */
import { isAbsolute, join } from "node:path";
import type { ObservationLog } from "../observation-log.js";
import type { Frame, PeerWire } from "../peer-wire.js";

/** One prompt turn of the mock agent. */
export interface Turn {
  sessionId: string;
  /** The session/prompt request's id, for frames that need it. */
  requestId: unknown;
  text: string;
  /** The session's working directory: relative fs paths of a script resolve against it. */
  cwd: string;
  cancelled: AbortController;
  permissions: Map<string, unknown>;
}

const DEFAULT_OPTIONS = [
  { optionId: "allow", name: "Allow once", kind: "allow_once" },
  { optionId: "reject", name: "Reject", kind: "reject_once" },
];

export class ClientRequests {
  readonly #wire: PeerWire;
  readonly #log: ObservationLog;
  readonly #nextId: (prefix: string) => string;
  readonly #waiting = new Map<string, (frame: Frame) => void>();

  constructor(wire: PeerWire, nextId: (prefix: string) => string) {
    this.#wire = wire;
    this.#log = wire.log;
    this.#nextId = nextId;
  }

  /** Hands a response frame to the request waiting for it. */
  deliver(frame: Frame): void {
    this.#waiting.get(String(frame.id))?.(frame);
  }

  /** Sends a request to the client and waits for its response frame. */
  request(method: string, params: unknown): Promise<Frame> {
    const id = this.#nextId("agent-request");
    return new Promise((resolve) => {
      this.#waiting.set(id, (frame) => {
        this.#waiting.delete(id);
        resolve(frame);
      });
      this.#wire.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  async requestPermission(
    turn: Turn,
    spec: { toolCallId?: string; title?: string; options?: Array<Record<string, unknown>>; as?: string },
  ): Promise<void> {
    const toolCallId = spec.toolCallId ?? this.#nextId("tool");
    const answer = await this.request("session/request_permission", {
      sessionId: turn.sessionId,
      toolCall: { toolCallId, title: spec.title ?? "Run a tool", status: "pending" },
      options: spec.options ?? DEFAULT_OPTIONS,
    });
    const outcome = (answer.result as { outcome?: unknown } | undefined)?.outcome ?? { error: answer.error };
    const options = spec.options ?? DEFAULT_OPTIONS;
    const selected = (outcome as { optionId?: unknown }).optionId;
    const kind = options.find((option) => option.optionId === selected)?.kind;
    turn.permissions.set(spec.as ?? "last", { ...(outcome as object), kind });
    turn.permissions.set("last", { ...(outcome as object), kind });
    this.#log.add({ kind: "permission", toolCallId, outcome });
  }

  async fs(turn: Turn, method: string, path: string, extra: Record<string, unknown>): Promise<void> {
    const cwd = turn.cwd;
    const absolute = isAbsolute(path) ? path : join(cwd, path);
    const answer = await this.request(method, { sessionId: turn.sessionId, path: absolute, ...extra });
    this.#log.add({ kind: "fs", method, path: absolute, ok: !("error" in answer) });
  }

  async terminal(turn: Turn, command: string, args: string[]): Promise<void> {
    const created = await this.request("terminal/create", { sessionId: turn.sessionId, command, args });
    const terminalId = (created.result as { terminalId?: string } | undefined)?.terminalId;
    this.#log.add({ kind: "terminal", method: "terminal/create", detail: created.result ?? created.error });
    if (!terminalId) return;
    for (const method of ["terminal/wait_for_exit", "terminal/output", "terminal/release"]) {
      const answer = await this.request(method, { sessionId: turn.sessionId, terminalId });
      this.#log.add({ kind: "terminal", method, detail: answer.result ?? answer.error });
    }
  }
}

/** allowed / rejected / cancelled, from an outcome and the kind of the option it selected. */
export function classifyOutcome(recorded: unknown): "allowed" | "rejected" | "cancelled" {
  const outcome = recorded as { outcome?: string; kind?: string } | undefined;
  if (outcome?.outcome !== "selected") return "cancelled";
  return outcome.kind?.startsWith("allow") ? "allowed" : "rejected";
}
