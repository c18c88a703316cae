/**
 * What an ACP agent owes when it reports tool calls (tool-calls.mdx) and runs a tool the client
 * allowed (prompt-turn.mdx#5-tool-invocation-and-status-reporting). The wire rules (ids, known
 * calls, statuses, option ids, embedded terminals) are judged over every update of every
 * scenario; the rest in the --permission-prompt turn answered with an allow option.
 */
import { PROMPT_TURN, TOOL_CALLS } from "./acp-spec-pages.js";
import { agentRequirement as agent } from "./acp-agent-builder.js";
import type { Requirement } from "./types.js";

const TOOL_INVOCATION = `${PROMPT_TURN}#5-tool-invocation-and-status-reporting`;

export const ACP_AGENT_TOOL_CALL_REQUIREMENTS = [
  agent({
    id: "agent.prompt.reports-tool-calls",
    title: "the tool call a permission request is about was announced with a tool_call update before it",
    area: "prompt",
    level: "should",
    cite: `${TOOL_CALLS}#creating`,
    rationale:
      "When the model requests a tool call, the agent SHOULD report it to the client; a call first seen in a permission request was never shown to the user as a tool call.",
  }),
  agent({
    id: "agent.prompt.tool-call-ids-unique",
    title: "no two tool_call updates of one session announce the same toolCallId",
    area: "prompt",
    level: "must",
    cite: "schema/v1/schema.json#/$defs/ToolCall/properties/toolCallId",
    rationale:
      "The schema calls toolCallId the tool call's unique identifier within the session; updates and permission requests name a call by it.",
  }),
  agent({
    id: "agent.prompt.tool-updates-name-known-calls",
    title:
      "every tool_call_update names a tool call announced earlier in its session (by tool_call or a permission request)",
    area: "prompt",
    level: "must",
    cite: "schema/v1/schema.json#/$defs/ToolCallUpdate/properties/toolCallId",
    rationale:
      "The schema describes the field as the ID of the tool call being updated (tool-calls.mdx#updating); an update for a call never announced updates nothing the client knows.",
  }),
  agent({
    id: "agent.prompt.tool-status-moves-forward",
    title: "a tool call's status never moves back (pending, then in_progress, then completed or failed)",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${TOOL_CALLS}#status`,
    rationale:
      "The spec lists the statuses as a lifecycle without a keyword forbidding a step back; a call reported running again after it finished shows the user a tool that is not running.",
  }),
  agent({
    id: "agent.permission.option-ids-unique",
    title: "the options of one permission request each have an optionId no other option of it has",
    area: "permission",
    level: "must",
    cite: "schema/v1/schema.json#/$defs/PermissionOption/properties/optionId",
    rationale:
      "The schema calls optionId the option's unique identifier; the client's answer names the chosen option by it alone.",
  }),
  agent({
    id: "agent.permission.in-progress-once-allowed",
    title:
      "after the client selects an allow option, the tool call is reported in_progress before the turn ends",
    area: "permission",
    level: "should",
    cite: TOOL_INVOCATION,
    rationale: "Once permission is granted the agent SHOULD invoke the tool and report it in_progress.",
  }),
  agent({
    id: "agent.permission.final-status-after-allowed",
    title:
      "after the client selects an allow option, the tool call is reported completed or failed before the turn's response",
    area: "permission",
    level: "should",
    position: true,
    cite: TOOL_INVOCATION,
    rationale:
      "The spec says the agent sends the final status when the tool completes, without a keyword or a deadline; the kit expects it before the turn ends, or the client shows a tool still running after the turn.",
  }),
  agent({
    id: "agent.terminal.embedded-terminal-created",
    title: "a terminal embedded in tool call content is one the client's terminal/create returned",
    area: "terminal",
    level: "must",
    cite: "schema/v1/schema.json#/$defs/Terminal",
    rationale:
      "The schema embeds 'a terminal created with terminal/create by its id' (tool-calls.mdx#terminals); any other id names no terminal the client can show.",
  }),
] as const satisfies readonly Requirement[];
