/**
 * What an ACP client owes the agent's session/update stream: it survives every variant of the
 * stable v1 schema (and the ones a later version may add, `_meta` anywhere and custom
 * notifications), ends the turn on every stop reason, and loses no update sent right around the
 * session/new and session/prompt answers. Joined into the client's requirements in acp-client.ts.
 *
 * The spec says nothing of a client "surviving" an update: it defines the variants, so a client
 * that fails on one does not speak v1. Where no keyword backs that, the requirement is a should
 * and the kit's position; where the spec has one (config option categories), a must.
 */
import { OVERVIEW, PROMPT_TURN, TOOL_CALLS } from "./acp-spec-pages.js";
import type { Requirement } from "./types.js";

const EXTENSIBILITY = "docs/protocol/v1/extensibility.mdx";
const CONFIG_OPTIONS = "docs/protocol/v1/session-config-options.mdx";
const SURVIVED =
  "The spec defines this update for the agent to send and gives the client no keyword; the kit takes the position that a client must keep working, answer the agent and finish its turn after it.";

/** A stable update variant the client must keep working after (a should and the kit's position). */
const survives = <const R extends Pick<Requirement, "id" | "title" | "cite" | "versions">>(
  requirement: R,
) => ({
  protocol: "acp" as const,
  side: "client" as const,
  area: "events" as const,
  level: "should" as const,
  position: true as const,
  rationale: SURVIVED,
  ...requirement,
});

export const ACP_CLIENT_UPDATE_REQUIREMENTS = [
  survives({
    id: "client.events.survives-message-chunks",
    title: "keeps working after agent message, thought and user message chunks whose messageIds interleave",
    cite: `${PROMPT_TURN}#3-agent-reports-output`,
  }),
  survives({
    id: "client.events.survives-tool-calls",
    title:
      "keeps working after tool calls of every kind and status, with locations, and partial tool_call_updates carrying content, diff and terminal entries",
    cite: `${TOOL_CALLS}#updating`,
  }),
  survives({
    id: "client.events.survives-agent-content",
    title:
      "keeps working after agent message chunks of image, audio, embedded resource and resource_link blocks",
    cite: "schema/v1/schema.json#/$defs/ContentBlock",
  }),
  survives({
    id: "client.events.survives-plan",
    title:
      "keeps working after plan updates with every priority and status, a replacement plan and an empty one",
    cite: "schema/v1/schema.json#/$defs/Plan",
  }),
  survives({
    id: "client.events.survives-mode-update",
    title: "keeps working after a current_mode_update",
    cite: "docs/protocol/v1/session-modes.mdx#from-the-agent",
  }),
  {
    protocol: "acp",
    side: "client",
    area: "events",
    id: "client.events.survives-config-update",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/update-variants-v2.ts
    title:
      "keeps working after a config_option_update whose options have no category, a _-prefixed category and one it cannot know",
    level: "must",
    cite: `${CONFIG_OPTIONS}#option-categories`,
    rationale: "The spec: clients MUST handle missing or unknown categories gracefully.",
  },
  {
    protocol: "acp",
    side: "client",
    area: "events",
    id: "client.events.ignores-unknown-config-type",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/update-variants-v2.ts
    title: "keeps working after a config option of a type it does not know, and never sets that option",
    level: "should",
    cite: `${CONFIG_OPTIONS}#default-values-and-graceful-degradation`,
    rationale: "The spec: clients SHOULD ignore config options whose type they do not recognize.",
  },
  survives({
    id: "client.events.survives-session-info-update",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/update-variants-v2.ts
    title: "keeps working after session_info_update with a title, with only updatedAt, and with title null",
    cite: "schema/v1/schema.json#/$defs/SessionInfoUpdate",
  }),
  survives({
    id: "client.events.survives-usage-update",
    title: "keeps working after a usage_update with context size and cost",
    cite: `${PROMPT_TURN}#session-usage-updates`,
  }),
  survives({
    id: "client.events.survives-commands-update",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/commands-after-session-new.ts
    title:
      "keeps working after an available_commands_update sent right after the session/new answer, before any prompt",
    cite: "docs/protocol/v1/slash-commands.mdx#advertising-commands",
  }),
  {
    protocol: "acp",
    side: "client",
    area: "events",
    id: "client.events.keeps-updates-around-answers",
    title:
      "shows the agent's text sent just before and just after the session/new answer, and just before the session/prompt answer",
    level: "should",
    position: true,
    cite: `${OVERVIEW}#message-flow`,
    rationale:
      "An agent may notify about a session as soon as it exists, which can be before its session/new answer reaches the client, and a turn's last chunk comes right before the prompt's answer; the spec names no keyword, and the kit takes the position that a client keeps such updates (buffering those for a session id it has not been told yet) rather than dropping them. Only a client whose output shows the agent's text is judged.",
  },
  {
    protocol: "acp",
    side: "client",
    area: "extensibility",
    id: "client.extensibility.survives-unknown-update",
    title:
      "keeps working after session/update variants and fields that v1 does not define (a later version's names)",
    level: "should",
    position: true,
    cite: `${EXTENSIBILITY}#the-_meta-field`,
    rationale:
      "Every name outside the spec is reserved for future protocol versions, so a newer agent may send variants and fields v1 lacks; the spec names no keyword for the client, and the kit takes the position that one unknown update must not take the turn down.",
  },
  {
    protocol: "acp",
    side: "client",
    area: "extensibility",
    id: "client.extensibility.accepts-meta",
    title:
      "accepts _meta on every object of a session/update and behaves as without it: keeps working and shows the text it carries",
    level: "should",
    position: true,
    cite: `${EXTENSIBILITY}#the-_meta-field`,
    rationale:
      "All types include a _meta field for implementations to attach custom information; the spec gives the receiver no keyword, and the kit takes the position that _meta must change nothing the client does.",
  },
  {
    protocol: "acp",
    side: "client",
    area: "extensibility",
    id: "client.extensibility.ignores-unknown-notification",
    title:
      "a custom notification the client does not know (_kit/noise) is ignored: the client keeps working and the turn goes on",
    level: "should",
    cite: `${EXTENSIBILITY}#custom-notifications`,
    rationale:
      "The spec: implementations SHOULD ignore unrecognized notifications. A reply to it is client.jsonrpc.no-reply-to-notification's to report (JSON-RPC forbids replying to any notification).",
  },
  {
    protocol: "acp",
    side: "client",
    area: "prompt",
    id: "client.prompt.ends-turn-on-every-stop-reason",
    title:
      "a prompt answered max_tokens, max_turn_requests, refusal or cancelled ends the turn: the client exits by itself in time (its exit code is its own policy)",
    level: "should",
    position: true,
    cite: `${PROMPT_TURN}#4-check-for-completion`,
    rationale:
      "The schema lists five stop reasons and the spec says the turn ends with one; it gives the client no keyword and does not say which is a success, so the kit takes the position that each must end the turn without a hang, and only reports the exit code.",
  },
] as const satisfies readonly Requirement[];
