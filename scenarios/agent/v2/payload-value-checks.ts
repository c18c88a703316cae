/**
 * Value rules the v2 schema states in words, not in JSON Schema, and so the schema validation of
 * generic-checks.ts does not enforce: a custom enum value begins with `_` (the schema accepts any
 * string as "other"), an AbsolutePath is absolute (it is a bare string), and a field marked
 * `contentEncoding: base64` is base64 (an annotation a validator does not check). Read over every
 * session/update and session/request_permission the agent sent in one run.
 */
import { isAbsolute } from "node:path";
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { ScenarioContext } from "../../../kit/scenario.js";
import type { IncomingMessage } from "../../../kit/wire/connection.js";
import type { Transcript } from "../../../kit/wire/transcript.js";
import { excerptAround } from "../evidence.js";
import { isSessionUpdate } from "../session-updates.js";
import { updateOf } from "./turn-updates.js";

type Body = Record<string, unknown>;

/** ACP's own values of each enum a v2 agent sends; anything else must begin with `_`. */
const KNOWN = {
  "tool kind": [
    "read",
    "edit",
    "delete",
    "move",
    "search",
    "execute",
    "think",
    "fetch",
    "switch_mode",
    "other",
  ],
  "tool status": ["pending", "in_progress", "paused", "completed", "failed", "cancelled"],
  "permission option kind": ["allow_once", "allow_always", "reject_once", "reject_always"],
  "permission subject type": ["tool_call", "command"],
  "plan type": ["items"],
  "plan entry priority": ["high", "medium", "low"],
  "plan entry status": ["pending", "in_progress", "completed", "cancelled"],
  "content block type": ["text", "image", "audio", "resource_link", "resource"],
  "tool-call content type": ["content", "diff", "terminal"],
  "diff operation": ["add", "delete", "modify", "move", "copy"],
  "available command type": ["command"],
  "command input type": ["text"],
} as const;

type Rule = "custom" | "path" | "base64";

interface Finding {
  rule: Rule;
  seq: number;
  problem?: string;
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const asBody = (value: unknown): Body => (value && typeof value === "object" ? (value as Body) : {});
const asList = (value: unknown): Body[] => (Array.isArray(value) ? value.map(asBody) : []);

/** Walks the payloads of one frame, noting every value each rule applies to and each that breaks it. */
class FrameWalk {
  readonly findings: Finding[] = [];
  constructor(readonly seq: number) {}

  enumValue(name: keyof typeof KNOWN, value: unknown): void {
    if (typeof value !== "string") return;
    const known = (KNOWN[name] as readonly string[]).includes(value) || value.startsWith("_");
    this.findings.push({
      rule: "custom",
      seq: this.seq,
      problem: known ? undefined : `${name} ${JSON.stringify(value)} is not ACP's and does not begin with _`,
    });
  }

  path(where: string, value: unknown): void {
    if (typeof value !== "string") return;
    this.findings.push({
      rule: "path",
      seq: this.seq,
      problem: isAbsolute(value) ? undefined : `${where} ${JSON.stringify(value)} is not absolute`,
    });
  }

  base64(where: string, value: unknown): void {
    if (typeof value !== "string") return;
    this.findings.push({
      rule: "base64",
      seq: this.seq,
      problem: STRICT_BASE64.test(value)
        ? undefined
        : `${where} is not RFC 4648 base64: ${JSON.stringify(value.slice(0, 60))}`,
    });
  }

  contentBlock(block: Body): void {
    this.enumValue("content block type", block.type);
    if (block.type === "image" || block.type === "audio") this.base64(`${block.type} data`, block.data);
    if (block.type === "resource") this.base64("resource blob", asBody(block.resource).blob);
  }

  toolCallContent(item: Body): void {
    this.enumValue("tool-call content type", item.type);
    if (item.type === "content") this.contentBlock(asBody(item.content));
    if (item.type !== "diff") return;
    for (const change of asList(item.changes)) {
      this.enumValue("diff operation", change.operation);
      this.path("diff change path", change.path);
      this.path("diff change oldPath", change.oldPath);
    }
  }

  toolCall(update: Body): void {
    this.enumValue("tool kind", update.kind);
    this.enumValue("tool status", update.status);
    for (const location of asList(update.locations)) this.path("tool-call location", location.path);
    for (const item of asList(update.content)) this.toolCallContent(item);
  }

  update(update: Body): void {
    const kind = update.sessionUpdate;
    if (kind === "tool_call_update") this.toolCall(update);
    else if (kind === "tool_call_content_chunk") this.toolCallContent(asBody(update.content));
    else if (kind === "terminal_update") {
      this.path("terminal_update cwd", update.cwd);
      this.base64("terminal_update output.data", asBody(update.output).data);
    } else if (kind === "terminal_output_chunk") this.base64("terminal_output_chunk data", update.data);
    else if (kind === "plan_update") {
      const plan = asBody(update.plan);
      this.enumValue("plan type", plan.type);
      for (const entry of asList(plan.entries)) {
        this.enumValue("plan entry priority", entry.priority);
        this.enumValue("plan entry status", entry.status);
      }
    } else if (kind === "available_commands_update")
      for (const command of asList(update.availableCommands)) {
        this.enumValue("available command type", command.type);
        this.enumValue("command input type", asBody(command.input).type);
      }
    else if (typeof kind === "string" && kind.startsWith("agent_")) {
      const content = update.content;
      for (const block of Array.isArray(content) ? asList(content) : [asBody(content)])
        this.contentBlock(block);
    }
  }

  permissionRequest(params: Body): void {
    for (const option of asList(params.options)) this.enumValue("permission option kind", option.kind);
    const subject = asBody(params.subject);
    this.enumValue("permission subject type", subject.type);
    if (subject.type === "command") this.path("command permission subject cwd", subject.cwd);
    if (subject.type === "tool_call") this.toolCall(asBody(subject.toolCall));
  }
}

function findingsOf(received: readonly IncomingMessage[]): Finding[] {
  const findings: Finding[] = [];
  for (const incoming of received) {
    const walk = new FrameWalk(incoming.seq);
    if (isSessionUpdate(incoming)) walk.update(updateOf(incoming));
    else if (incoming.message.kind === "request" && incoming.message.method === "session/request_permission")
      walk.permissionRequest(asBody(incoming.message.params));
    findings.push(...walk.findings);
  }
  return findings;
}

const RULES: ReadonlyArray<{ rule: Rule; requirement: RequirementId; what: string }> = [
  // One rule with custom-value-checks.ts, which reads the open enums of every v2 run; this walk
  // also reaches the nested ones (plan entries, commands, permission subjects).
  { rule: "custom", requirement: "agent.v2.extensibility.custom-values-prefixed", what: "enum values" },
  { rule: "path", requirement: "agent.v2.schema.paths-absolute", what: "reported paths" },
  { rule: "base64", requirement: "agent.v2.schema.base64-fields", what: "base64 fields" },
];

export const PAYLOAD_VALUE_REQUIREMENTS = RULES.map((each) => each.requirement);

/** Records the three value rules over everything the agent sent in this run. */
export function recordPayloadValueChecks(
  context: ScenarioContext,
  run: { connection: { received: readonly IncomingMessage[] }; transcript: Transcript },
): void {
  const findings = findingsOf(run.connection.received);
  for (const { rule, requirement, what } of RULES) {
    const seen = findings.filter((finding) => finding.rule === rule);
    const broken = seen.find((finding) => finding.problem !== undefined);
    if (seen.length === 0)
      context.check({
        requirement,
        verdict: "not-tested",
        message: `the agent sent none of the ${what} this rule covers in this run (tool calls, terminals, diffs, plans, media)`,
      });
    else if (broken)
      context.check({
        requirement,
        verdict: "fail",
        message: broken.problem!,
        evidence: { transcript: excerptAround(run.transcript, broken.seq) },
      });
    else
      context.check({
        requirement,
        verdict: "pass",
        message: `${seen.length} ${what} in the agent's updates and permission requests, each as the v2 schema describes`,
      });
  }
}
