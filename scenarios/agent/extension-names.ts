/**
 * The extension rules for what the agent itself sends, judged on every frame of every scenario
 * (called from generic-checks.ts): a method the agent calls is a v1 method or starts with an
 * underscore, and the reserved root _meta keys traceparent, tracestate and baggage carry W3C
 * trace context. Each is judged only on evidence: a scenario where the agent sent no request or
 * notification, or no reserved key, records nothing.
 */
import type { ScenarioContext } from "../../kit/scenario.js";
import type { IncomingMessage, JsonRpcConnection } from "../../kit/wire/connection.js";
import { AcpSchema } from "../../kit/wire/schema.js";
import type { Transcript } from "../../kit/wire/transcript.js";
import { excerptAround } from "./evidence.js";

/** What these checks read of one agent run (generic-checks.ts's AgentRunRecord is one). */
export interface AgentFrames {
  readonly context: ScenarioContext;
  readonly connection: JsonRpcConnection;
  readonly transcript: Transcript;
}

/** W3C Trace Context: version 00 is exactly this; a later version may append fields. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
/** A tracestate list member: key=value (W3C Trace Context, section 3.3.1). */
const TRACESTATE_MEMBER =
  /^[a-z0-9][_0-9a-z\-*/]{0,255}(@[a-z][_0-9a-z\-*/]{0,13})?=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;
/** A baggage list member: key=value with optional ;properties (W3C Baggage). */
const BAGGAGE_MEMBER =
  /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+\s*=\s*[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*\s*(;.*)?$/;

const listMembers = (value: string) =>
  value
    .split(",")
    .map((member) => member.trim())
    .filter((member) => member.length > 0);

/** Why a reserved key's value is not W3C trace context, or undefined when it is. */
export function traceContextProblem(key: string, value: unknown): string | undefined {
  if (typeof value !== "string") return `${key} is ${JSON.stringify(value)}, not a string`;
  if (key === "traceparent") {
    const match = TRACEPARENT.exec(value);
    if (!match || match[1] === "ff" || (match[1] === "00" && match[5] !== undefined))
      return `traceparent ${JSON.stringify(value)} is not version-traceid-parentid-flags in lowercase hex`;
    if (/^0+$/.test(match[2]!) || /^0+$/.test(match[3]!))
      return `traceparent ${JSON.stringify(value)} has an all-zero trace or parent id`;
    return undefined;
  }
  const pattern = key === "tracestate" ? TRACESTATE_MEMBER : BAGGAGE_MEMBER;
  const members = listMembers(value);
  if (key === "tracestate" && members.length > 32)
    return `tracestate has ${members.length} list members, more than 32`;
  const bad = members.find((member) => !pattern.test(member));
  return bad === undefined ? undefined : `${key} member ${JSON.stringify(bad)} is not a W3C ${key} entry`;
}

export const RESERVED_META_KEYS = ["traceparent", "tracestate", "baggage"] as const;

interface ReservedUse {
  seq: number;
  key: string;
  problem: string | undefined;
}

/** Every reserved key at the root of any _meta object in a frame (nested types included). */
function reservedUses(incoming: IncomingMessage): ReservedUse[] {
  const uses: ReservedUse[] = [];
  const visit = (node: unknown, depth: number) => {
    if (depth > 32 || node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "_meta" && value !== null && typeof value === "object" && !Array.isArray(value))
        for (const reserved of RESERVED_META_KEYS)
          if (reserved in value)
            uses.push({
              seq: incoming.seq,
              key: reserved,
              problem: traceContextProblem(reserved, (value as Record<string, unknown>)[reserved]),
            });
      visit(value, depth + 1);
    }
  };
  visit(incoming.value, 0);
  return uses;
}

/** The reserved _meta keys the agent sent in this run. */
export function reservedMetaUses(agent: AgentFrames): ReservedUse[] {
  return agent.connection.received.flatMap(reservedUses);
}

/**
 * `version`: the protocol whose methods count as its own (the v2 profile passes 2); `judgedElsewhere`:
 * methods another check names (v2's removed fs/* and terminal/*), left out of this one.
 */
export function recordExtensionNameChecks(
  agent: AgentFrames,
  options: { version?: 1 | 2; judgedElsewhere?: (method: string) => boolean } = {},
): void {
  const { context, connection } = agent;
  const version = options.version ?? 1;
  const methods = AcpSchema.load(version).methods;
  const methodOf = (incoming: IncomingMessage) =>
    incoming.message.kind === "request" || incoming.message.kind === "notification"
      ? incoming.message.method
      : "";
  const calls = connection.received.filter(
    (incoming) =>
      (incoming.message.kind === "request" || incoming.message.kind === "notification") &&
      !options.judgedElsewhere?.(methodOf(incoming)),
  );
  const unprefixed = calls.find((call) => !methods.has(methodOf(call)) && !methodOf(call).startsWith("_"));
  if (unprefixed)
    context.check({
      requirement: "agent.extensibility.custom-methods-prefixed",
      verdict: "fail",
      message: `the agent sent ${JSON.stringify(methodOf(unprefixed))}, which is not a v${version} method; a custom method's name must start with an underscore`,
      evidence: { transcript: excerptAround(agent.transcript, unprefixed.seq) },
    });
  else if (calls.length > 0)
    context.check({
      requirement: "agent.extensibility.custom-methods-prefixed",
      verdict: "pass",
      message: `${calls.length} requests and notifications from the agent, each a v${version} method or _-prefixed`,
    });

  const uses = reservedMetaUses(agent);
  const misused = uses.find((use) => use.problem !== undefined);
  if (misused)
    context.check({
      requirement: "agent.extensibility.trace-context-keys",
      verdict: "fail",
      message: `${misused.problem}: the root _meta keys ${RESERVED_META_KEYS.join(", ")} are reserved for W3C trace context`,
      evidence: { transcript: excerptAround(agent.transcript, misused.seq) },
    });
  else if (uses.length > 0)
    context.check({
      requirement: "agent.extensibility.trace-context-keys",
      verdict: "pass",
      message: `${uses.length} reserved _meta key(s) (${[...new Set(uses.map((use) => use.key))].join(", ")}) sent by the agent, each W3C trace context`,
    });
}
