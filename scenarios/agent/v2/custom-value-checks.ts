/**
 * Open enums in what a v2 agent sends (extensibility.mdx): the v2 schema accepts any string where
 * a value may be custom, so it cannot see that a custom value must begin with `_` (every other name
 * is reserved for future ACP versions). Recorded over every v2 run: each value of an open enum the
 * agent sent that the schema (or, for stop reasons, prompt-lifecycle.mdx) does not define must
 * begin with `_`.
 */
import { AcpSchema } from "../../../kit/wire/schema.js";
import type { IncomingMessage } from "../../../kit/wire/connection.js";
import { excerptAround } from "../evidence.js";
import { isSessionUpdate } from "../session-updates.js";
import type { V2RunRecord } from "./v2-run-record.js";
import { REMOVED_UPDATES } from "./removed-surface-checks.js";

/** prompt-lifecycle.mdx, "Stop Reasons": the schema types stopReason as a plain string. */
const STOP_REASONS = ["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"];

type Json = Record<string, unknown>;

/** The values a schema definition names: its branches' consts, or their `discriminator` property's. */
function definedValues(definition: string, discriminator?: string): Set<string> {
  const defs = (AcpSchema.loadV2().document.$defs ?? {}) as Record<string, Json>;
  const branches = ((defs[definition]?.anyOf ?? defs[definition]?.oneOf ?? []) as Json[]).map((branch) =>
    typeof branch.$ref === "string" ? (defs[branch.$ref.replace("#/$defs/", "")] ?? branch) : branch,
  );
  const values = branches.map((branch) =>
    discriminator
      ? (branch.properties as Record<string, Json> | undefined)?.[discriminator]?.const
      : branch.const,
  );
  return new Set(values.filter((value): value is string => typeof value === "string"));
}

interface OpenEnum {
  /** Where the value sits, for the message. */
  where: string;
  known: () => Set<string>;
}

const memo = (make: () => Set<string>) => {
  let values: Set<string> | undefined;
  return () => (values ??= make());
};

const ENUMS = {
  sessionUpdate: {
    where: "session/update sessionUpdate",
    known: memo(() => definedValues("SessionUpdate", "sessionUpdate")),
  },
  stopReason: { where: "idle state_update stopReason", known: () => new Set(STOP_REASONS) },
  content: { where: "content block type", known: memo(() => definedValues("ContentBlock", "type")) },
  toolContent: {
    where: "tool-call content type",
    known: memo(() => definedValues("ToolCallContent", "type")),
  },
  toolKind: { where: "tool_call_update kind", known: memo(() => definedValues("ToolKind")) },
  toolStatus: { where: "tool_call_update status", known: memo(() => definedValues("ToolCallStatus")) },
  optionKind: { where: "permission option kind", known: memo(() => definedValues("PermissionOptionKind")) },
  authType: { where: "authMethods type", known: memo(() => definedValues("AuthMethod", "type")) },
} satisfies Record<string, OpenEnum>;

/** Every (enum, value) the message carries. */
function valuesIn(incoming: IncomingMessage): Array<[OpenEnum, unknown]> {
  const value = incoming.value as { method?: string; params?: Json; result?: Json };
  if (incoming.answers === "initialize" && Array.isArray(value.result?.authMethods))
    return (value.result.authMethods as Json[]).map((method) => [ENUMS.authType, method?.type]);
  if (value.method === "session/request_permission" && Array.isArray(value.params?.options))
    return (value.params.options as Json[]).map((option) => [ENUMS.optionKind, option?.kind]);
  if (!isSessionUpdate(incoming)) return [];
  const update = (value.params?.update ?? {}) as Json;
  // A variant v2 removed, and what it carries, is agent.v2.schema.no-removed-updates' finding.
  if (Object.hasOwn(REMOVED_UPDATES, String(update.sessionUpdate))) return [];
  const found: Array<[OpenEnum, unknown]> = [[ENUMS.sessionUpdate, update.sessionUpdate]];
  if (update.sessionUpdate === "state_update" && update.state === "idle" && update.stopReason != null)
    found.push([ENUMS.stopReason, update.stopReason]);
  if (update.sessionUpdate === "tool_call_update") {
    if (update.kind != null) found.push([ENUMS.toolKind, update.kind]);
    if (update.status != null) found.push([ENUMS.toolStatus, update.status]);
  }
  const content = Array.isArray(update.content) ? update.content : update.content ? [update.content] : [];
  // A tool call's content is ToolCallContent (content, diff, terminal), which wraps a ContentBlock.
  const toolContent =
    update.sessionUpdate === "tool_call_update" || update.sessionUpdate === "tool_call_content_chunk";
  for (const block of content as Json[]) {
    if (!block || typeof block.type !== "string") continue;
    if (!toolContent) found.push([ENUMS.content, block.type]);
    else {
      found.push([ENUMS.toolContent, block.type]);
      const inner = block.type === "content" ? (block.content as Json | undefined) : undefined;
      if (inner && typeof inner.type === "string") found.push([ENUMS.content, inner.type]);
    }
  }
  return found;
}

export function recordCustomValueChecks(agent: V2RunRecord): void {
  let seen = 0;
  for (const incoming of agent.connection.received) {
    for (const [openEnum, value] of valuesIn(incoming)) {
      if (typeof value !== "string") continue; // a missing or mistyped value is the schema check's finding
      seen++;
      if (value.startsWith("_") || openEnum.known().has(value)) continue;
      agent.context.check({
        requirement: "agent.v2.extensibility.custom-values-prefixed",
        verdict: "fail",
        message: `the ${openEnum.where} ${JSON.stringify(value)} is not one v2 defines and does not begin with _ (custom values must; other names are reserved for future versions)`,
        evidence: { transcript: excerptAround(agent.transcript, incoming.seq, 2, 1) },
      });
      return;
    }
  }
  if (seen > 0)
    agent.context.check({
      requirement: "agent.v2.extensibility.custom-values-prefixed",
      verdict: "pass",
      message: `${seen} values of open enums (sessionUpdate, stop reasons, content types, tool kinds and statuses, option kinds, auth types), each one v2 defines or _-prefixed`,
    });
}
