/**
 * JSON-RPC 2.0 classification, envelope checks and request/response id pairing.
 *
 * Classification is deliberately lenient (a frame missing `"jsonrpc"` is still routed as the
 * request it plainly is) while `envelopeProblems` lists every rule the frame breaks, so one
 * defect is reported once, under the requirement it breaks, instead of derailing the run.
 */

export type JsonRpcId = string | number | null;

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

export type ClassifiedMessage =
  | { kind: "request"; id: JsonRpcId; method: string; params: unknown }
  | { kind: "notification"; method: string; params: unknown }
  | {
      kind: "response";
      id: JsonRpcId;
      result: unknown;
      error: JsonRpcError | undefined;
      hasResult: boolean;
      hasError: boolean;
    }
  | { kind: "batch"; length: number }
  | { kind: "invalid"; reason: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function classifyMessage(value: unknown): ClassifiedMessage {
  if (Array.isArray(value)) return { kind: "batch", length: value.length };
  if (!isPlainObject(value))
    return { kind: "invalid", reason: `a JSON ${value === null ? "null" : typeof value}, not an object` };
  if ("method" in value) {
    if (typeof value.method !== "string") return { kind: "invalid", reason: "`method` is not a string" };
    if ("id" in value)
      return { kind: "request", id: value.id as JsonRpcId, method: value.method, params: value.params };
    return { kind: "notification", method: value.method, params: value.params };
  }
  const hasResult = "result" in value;
  const hasError = "error" in value;
  if (hasResult || hasError) {
    const error = isPlainObject(value.error) ? (value.error as unknown as JsonRpcError) : undefined;
    return {
      kind: "response",
      id: (value.id ?? null) as JsonRpcId,
      result: value.result,
      error,
      hasResult,
      hasError,
    };
  }
  if ("id" in value)
    return { kind: "invalid", reason: "has an `id` but neither `method`, `result` nor `error`" };
  return { kind: "invalid", reason: "neither a request, a notification nor a response" };
}

/** Problems with the JSON-RPC envelope itself: `jsonrpc`, `id`, result/error exclusivity. */
export interface EnvelopeProblems {
  /** `"jsonrpc": "2.0"` is missing or wrong. */
  version: string | undefined;
  /** Violations of the response rules: id type, exactly one of result/error, error shape. */
  response: string[];
  /** Violations of the request rules: id type. */
  request: string[];
}

export function isValidRequestId(id: unknown): boolean {
  return typeof id === "string" || (typeof id === "number" && Number.isInteger(id)) || id === null;
}

export function envelopeProblems(value: unknown, message: ClassifiedMessage): EnvelopeProblems {
  const problems: EnvelopeProblems = { version: undefined, response: [], request: [] };
  if (!isPlainObject(value)) return problems;
  if (value.jsonrpc !== "2.0") {
    problems.version =
      "jsonrpc" in value
        ? `"jsonrpc" is ${JSON.stringify(value.jsonrpc)}, not "2.0"`
        : `"jsonrpc": "2.0" is missing`;
  }
  if (message.kind === "request" && !isValidRequestId(message.id)) {
    problems.request.push(`request id ${JSON.stringify(message.id)} is not a string or an integer`);
  }
  if (message.kind === "response") {
    if (!("id" in value)) problems.response.push("response has no `id`");
    else if (!isValidRequestId(value.id))
      problems.response.push(`response id ${JSON.stringify(value.id)} is not a string, an integer or null`);
    if (message.hasResult && message.hasError)
      problems.response.push("response carries both `result` and `error`");
    if (message.hasError) {
      const error = value.error;
      if (!isPlainObject(error)) problems.response.push("`error` is not an object");
      else {
        if (typeof error.code !== "number" || !Number.isInteger(error.code))
          problems.response.push(`error code ${JSON.stringify(error.code)} is not an integer`);
        if (typeof error.message !== "string") problems.response.push("error `message` is not a string");
      }
    }
  }
  return problems;
}

/** A map key that keeps an id's JSON type: `0` and `"0"` are different requests. */
export function idKey(id: JsonRpcId): string {
  return `${id === null ? "null" : typeof id}:${JSON.stringify(id)}`;
}

export interface PendingRequest<T> {
  id: JsonRpcId;
  method: string;
  sentAt: number;
  context: T;
}

export type PairingResult<T> =
  | { status: "answered"; request: PendingRequest<T> }
  | { status: "duplicate"; request: PendingRequest<T> }
  | { status: "unknown" };

/** Pairs responses with the requests they answer; remembers answered ids to spot duplicates. */
export class RequestPairing<T = undefined> {
  readonly #pending = new Map<string, PendingRequest<T>>();
  readonly #answered = new Map<string, PendingRequest<T>>();

  add(id: JsonRpcId, method: string, context: T, sentAt = Date.now()): void {
    const key = idKey(id);
    if (this.#pending.has(key)) throw new Error(`request id ${JSON.stringify(id)} is already pending`);
    this.#answered.delete(key);
    this.#pending.set(key, { id, method, sentAt, context });
  }

  resolve(id: JsonRpcId): PairingResult<T> {
    const key = idKey(id);
    const pending = this.#pending.get(key);
    if (pending) {
      this.#pending.delete(key);
      this.#answered.set(key, pending);
      return { status: "answered", request: pending };
    }
    const answered = this.#answered.get(key);
    if (answered) return { status: "duplicate", request: answered };
    return { status: "unknown" };
  }

  isPending(id: JsonRpcId): boolean {
    return this.#pending.has(idKey(id));
  }

  pending(): PendingRequest<T>[] {
    return [...this.#pending.values()];
  }
}

/** JSON-RPC ids match only with the same type and value: 1 and "1" are different requests. */
export function sameId(a: JsonRpcId, b: JsonRpcId): boolean {
  return typeof a === typeof b && a === b;
}
