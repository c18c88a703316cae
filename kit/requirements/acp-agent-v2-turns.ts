/** What an ACP v2 agent owes in a prompt turn (prompt-lifecycle.mdx): the acknowledgment, state updates, message ids, cancellation. */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import { V2_PROMPT_LIFECYCLE, V2_SCHEMA, V2_SESSION_SETUP } from "./acp-agent-v2-pages.js";
import type { Requirement } from "./types.js";

export const ACP_AGENT_V2_TURN_REQUIREMENTS = [
  agent({
    id: "agent.v2.schema.valid-payloads",
    title: "every ACP payload the agent sends is valid against the v2 schema",
    area: "schema",
    level: "must",
    cite: `${V2_SCHEMA}#/$defs`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.acknowledged-without-stop-reason",
    title: "session/prompt is answered as an acknowledgment, without a stopReason",
    area: "prompt",
    level: "must",
    cite: `${V2_PROMPT_LIFECYCLE}#2-prompt-accepted`,
    rationale:
      "The answer acknowledges the prompt; completion and its stop reason are reported by state_update.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.user-message-reported",
    title:
      "an accepted prompt's user message is reported (user_message or its chunks) with the acknowledged messageId",
    area: "prompt",
    level: "must",
    cite: `${V2_PROMPT_LIFECYCLE}#2-prompt-accepted`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.running-before-output",
    title: "a state_update running comes before the turn's first output",
    area: "prompt",
    level: "must",
    cite: `${V2_PROMPT_LIFECYCLE}#3-agent-reports-output`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.ends-idle-with-stop-reason",
    title: "a turn ends with an idle state_update carrying its stop reason",
    area: "prompt",
    level: "must",
    cite: `${V2_PROMPT_LIFECYCLE}#4-report-completion`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.message-ids-distinct",
    title: "one messageId never stands for two messages (two roles, or two prompts' user messages)",
    area: "prompt",
    level: "must",
    cite: `${V2_PROMPT_LIFECYCLE}#message-ids`,
    rationale:
      "Messages are upserts keyed by messageId and a changed id starts a new message, so an id reused for another message overwrites the first; replay states it outright (session-setup.mdx: an opaque, unique messageId for each message).",
    versions: [2],
  }),
  agent({
    id: "agent.v2.cancellation.idle-cancelled",
    title: "session/cancel ends the running turn with an idle state_update whose stopReason is cancelled",
    area: "cancellation",
    level: "must",
    cite: `${V2_PROMPT_LIFECYCLE}#cancellation`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.cancellation.updates-before-idle",
    title: "after the idle state_update that reports the cancellation, the turn sends no more output",
    area: "cancellation",
    level: "must",
    cite: `${V2_PROMPT_LIFECYCLE}#cancellation`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.requires-action-while-waiting",
    title:
      "while a permission answer is pending the agent reports state requires_action, and running once the answer lets work resume",
    area: "prompt",
    level: "should",
    cite: `${V2_PROMPT_LIFECYCLE}#5-tool-invocation-and-status-reporting`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.in-progress-after-permission",
    title: "a tool call the client allowed is reported in_progress before its final status",
    area: "prompt",
    level: "should",
    cite: `${V2_PROMPT_LIFECYCLE}#5-tool-invocation-and-status-reporting`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.final-tool-status",
    title:
      "a tool call reported in_progress in a turn that ends end_turn does not stay in_progress: a later status (completed, failed, cancelled, paused) comes before the idle state_update",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${V2_PROMPT_LIFECYCLE}#5-tool-invocation-and-status-reporting`,
    rationale:
      "The page has the agent send the final status when the tool completes, without a keyword, and background activity may go on after idle; but a foreground turn reported finished with its tool still in_progress leaves the client showing a tool that runs forever.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.cancelled-only-when-cancelled",
    title:
      "a turn the client did not cancel (no session/cancel, $/cancel_request or session/close) does not end idle with stopReason cancelled",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${V2_PROMPT_LIFECYCLE}#stop-reasons`,
    rationale:
      "v2 defines cancelled as 'the Client cancels active work' without forbidding other uses; a turn reported cancelled that the client never cancelled tells the user they stopped it.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.next-prompt-after-idle",
    title: "after a cancelled turn went idle, the session accepts another session/prompt and runs it to idle",
    area: "prompt",
    level: "must",
    cite: `${V2_PROMPT_LIFECYCLE}#session-states`,
    rationale:
      "The page defines idle as 'the Agent is ready to process a new prompt', and after idle the client may prompt again in the same session.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.cancellation.no-tools-started-after-cancel",
    title:
      "after session/cancel the agent starts no new tool call (none first reported in_progress or completed after it)",
    area: "cancellation",
    level: "should",
    cite: `${V2_PROMPT_LIFECYCLE}#cancellation`,
    rationale:
      "On session/cancel the agent SHOULD stop all language model requests and tool call invocations as soon as possible; a tool first run after the cancel is work the user stopped.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.cancellation.aborted-request-reports-cancelled",
    title:
      "a turn cancelled while its permission request is pending (an aborted operation) still ends idle with stopReason cancelled",
    area: "cancellation",
    level: "must",
    cite: `${V2_PROMPT_LIFECYCLE}#cancellation`,
    rationale:
      "Agents MUST catch the errors of operations the cancel aborted and report the cancelled stop reason, so clients can confirm the cancellation.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.capabilities.resume-reports-state",
    title: "session/resume sends a current state_update before its answer",
    area: "capabilities",
    level: "must",
    cite: `${V2_SESSION_SETUP}#resuming-sessions`,
    rationale:
      "The schema's ResumeSessionResponse: the agent MUST send a current state_update after any replay and before this response.",
    versions: [2],
  }),
] as const satisfies readonly Requirement[];
