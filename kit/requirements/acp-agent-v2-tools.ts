/**
 * What an ACP v2 agent owes when it reports its own work (tool-calls.mdx, content.mdx,
 * agent-plan.mdx): tool calls as upserts with a title first, permission outcomes honoured,
 * display-only terminals, diffs whose patch matches their changes, plans kept under one id, and
 * the value rules every such payload shares (custom values prefixed, absolute paths, base64).
 */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import { V2_AGENT_PLAN, V2_SCHEMA, V2_SLASH_COMMANDS, V2_TOOL_CALLS } from "./acp-agent-v2-pages.js";
import type { Requirement } from "./types.js";

export const ACP_AGENT_V2_TOOL_REQUIREMENTS = [
  agent({
    id: "agent.v2.permission.rejected-tool-not-run",
    title: "a tool call whose permission the client rejected is never reported in_progress or completed",
    area: "permission",
    level: "must",
    cite: `${V2_TOOL_CALLS}#requesting-permission`,
    rationale:
      "Selecting an allow option is what authorizes the agent to run the operation; a reject option withholds that authorization, so running the tool anyway acts against the user's decision.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.permission.cancelled-outcome-not-run",
    title:
      "a tool call whose permission request was pending when the client cancelled the turn is never reported in_progress or completed",
    area: "permission",
    level: "must",
    cite: `${V2_TOOL_CALLS}#requesting-permission`,
    rationale:
      "A cancelled turn answers its pending permission requests with the cancelled outcome, which authorizes nothing; running the tool anyway acts after the user stopped the work.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.permission.unknown-outcome-not-approval",
    title: "a permission outcome the agent does not understand is not treated as approval",
    area: "permission",
    level: "must",
    cite: `${V2_TOOL_CALLS}#requesting-permission`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.permission.option-ids-unique",
    title: "the options of one permission request each have an optionId no other option of it has",
    area: "permission",
    level: "must",
    cite: `${V2_TOOL_CALLS}#permission-options`,
    rationale: "The client's answer names the chosen option by its optionId alone.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.schema.paths-absolute",
    title:
      "the paths the agent reports (tool-call locations, diff changes, terminal and command cwd) are absolute",
    area: "schema",
    level: "must",
    cite: `${V2_SCHEMA}#/$defs/AbsolutePath`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.schema.base64-fields",
    title:
      "terminal output, terminal output chunks, image and audio data and resource blobs are RFC 4648 base64",
    area: "schema",
    level: "must",
    cite: `${V2_TOOL_CALLS}#display-only-terminals`,
    rationale:
      "The schema marks these fields contentEncoding base64, and clients decode each chunk on its own.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.tool-call-title-first",
    title: "the first tool_call_update of a tool call carries its title",
    area: "prompt",
    level: "should",
    cite: `${V2_TOOL_CALLS}#reporting`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.tool-status-moves-forward",
    title:
      "a tool call that reached completed, failed or cancelled is never reported pending, in_progress or paused again",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${V2_TOOL_CALLS}#status`,
    rationale:
      "The page lists the statuses as a lifecycle without a keyword forbidding a step back (only paused may return to in_progress); a call reported running again after it finished shows the user a tool that is not running.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.terminal.command-first",
    title: "the first terminal_update of a display-only terminal gives its command",
    area: "terminal",
    level: "should",
    cite: `${V2_TOOL_CALLS}#display-only-terminals`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.terminal.id-not-reused",
    title: "a terminalId whose terminal exited is never given to another command",
    area: "terminal",
    level: "must",
    cite: `${V2_TOOL_CALLS}#display-only-terminals`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.diff-patch-consistent",
    title:
      "a diff's git_patch names only absolute paths of the diff's changes and carries no commit metadata or email envelope",
    area: "prompt",
    level: "must",
    cite: `${V2_TOOL_CALLS}#diffs`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.diff-patch-provided",
    title: "a diff of a text file the agent modified carries a patch",
    area: "prompt",
    level: "should",
    cite: `${V2_TOOL_CALLS}#diffs`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.plan-id-kept",
    title: "the plan_updates of one turn keep one planId until that plan is finished",
    area: "prompt",
    level: "should",
    cite: `${V2_AGENT_PLAN}#updating-plans`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.slash-command-runs",
    title:
      "a prompt that starts with an advertised /command is acknowledged and its turn runs to an idle state_update",
    area: "prompt",
    level: "must",
    cite: `${V2_SLASH_COMMANDS}#running-commands`,
    rationale:
      "A command is run by including /name in an ordinary session/prompt, and every v2 turn ends with an idle state_update.",
    versions: [2],
  }),
] as const satisfies readonly Requirement[];
