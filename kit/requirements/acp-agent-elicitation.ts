/**
 * What an ACP agent owes when it asks the user through the client (elicitation/create), and
 * what it owes of the $/cancel_request notifications it sends itself. Elicitation is part of the
 * stable v1 protocol at the pinned commit (docs/protocol/v1/elicitation.mdx; its types are in the
 * stable schema/v1/schema.json). Each is judged only in a scenario where the kit advertised the
 * elicitation modes named in the scenario and steered the agent (--elicit-prompt) to ask;
 * an agent that does not elicit there is not applicable, not failed.
 */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import type { Requirement } from "./types.js";

const ELICITATION = "docs/protocol/v1/elicitation.mdx";
const CANCELLATION = "docs/protocol/v1/cancellation.mdx";

export const ACP_AGENT_ELICITATION_REQUIREMENTS = [
  agent({
    id: "agent.capabilities.elicitation-modes-advertised",
    title:
      "the agent sends elicitation/create only in a mode the client advertised with a non-null form or url (none for elicitation: {})",
    area: "capabilities",
    level: "must",
    cite: `${ELICITATION}#checking-support`,
    rationale:
      "Agents MUST NOT request a mode the Client has not advertised; an omitted or null mode field, and an empty elicitation object, advertise no mode (initialization.mdx#elicitation says the same).",
    // v2 changes nothing of this (capabilities.elicitation in place of clientCapabilities.elicitation).
    versions: [1, 2],
  }),
  agent({
    id: "agent.capabilities.elicitation-fallback",
    title: "asked to elicit when the client advertises no elicitation mode, the agent still ends the turn",
    area: "capabilities",
    level: "should",
    cite: `${ELICITATION}#checking-support`,
    rationale:
      "Agents SHOULD provide a graceful fallback when the required mode is unavailable. Which fallback is the agent's choice (a default, asking in the chat, failing the operation with an error); a turn that never ends, or an agent that exits, has none.",
    // v2 changes nothing of this (capabilities.elicitation in place of clientCapabilities.elicitation).
    versions: [1, 2],
  }),
  agent({
    id: "agent.capabilities.elicitation-scope-matches",
    title:
      "an elicitation the agent sends during a turn names that turn's session, and its toolCallId (if any) a tool call already announced in it",
    area: "capabilities",
    level: "should",
    position: true,
    cite: `${ELICITATION}#creating-an-elicitation`,
    rationale:
      "sessionId scopes the request to a session and toolCallId associates it with a tool call in that session; the spec gives no keyword, so failing an elicitation that names another session, or a tool call the client never heard of, is the kit's position: the client cannot show it beside the work it is about.",
    // v2 changes nothing of this (capabilities.elicitation in place of clientCapabilities.elicitation).
    versions: [1, 2],
  }),
  agent({
    id: "agent.capabilities.elicitation-failure-handled",
    title:
      "after the client declines, cancels or fails an elicitation, the agent still ends the turn and keeps serving the session",
    area: "capabilities",
    level: "must",
    cite: `${ELICITATION}#responses`,
    rationale:
      "Agents MUST NOT assume an elicitation succeeds and MUST handle decline, cancel and failures by falling back, retrying or failing the originating operation. What the kit can see of that: the turn still ends (with a stop reason, or with an error, which fails the operation) and the session goes on answering; a turn that never ends, or an agent that exits, did not handle it.",
    // v2 changes nothing of this (capabilities.elicitation in place of clientCapabilities.elicitation).
    versions: [1, 2],
  }),
  agent({
    id: "agent.capabilities.elicitation-values-validated",
    title:
      "given form content that breaks the requested schema, the agent asks again or fails the operation, rather than completing the tool call the elicitation belongs to",
    area: "capabilities",
    level: "should",
    cite: `${ELICITATION}#form-mode`,
    rationale:
      "Agents SHOULD validate submitted values again. The kit accepts the first form elicitation with a value of the wrong type for every property; what the agent did with it shows only through the tool call the request names (toolCallId) or a second elicitation, so without either the check is not tested. An agent that saw the values were wrong and silently completed the tool call with a default looks the same as one that used them; hence a warning, as the spec's should.",
    // v2 changes nothing of this (capabilities.elicitation in place of clientCapabilities.elicitation).
    versions: [1, 2],
  }),
  agent({
    id: "agent.capabilities.elicitation-ids-unique",
    title: "a url elicitation's elicitationId is not the id of another url elicitation still outstanding",
    area: "capabilities",
    level: "must",
    cite: `${ELICITATION}#url-completion`,
    rationale:
      "The Agent MUST keep each elicitationId unique among outstanding URL elicitations on the connection. The kit counts one outstanding from its elicitation/create until the agent sends elicitation/complete for it or the kit declined, cancelled or failed it.",
    // v2 changes nothing of this (capabilities.elicitation in place of clientCapabilities.elicitation).
    versions: [1, 2],
  }),
  agent({
    id: "agent.capabilities.elicitation-complete-known-id",
    title: "an elicitation/complete the agent sends names the elicitationId of a url elicitation it sent",
    area: "capabilities",
    level: "must",
    cite: `${ELICITATION}#url-completion`,
    rationale:
      "Sending elicitation/complete is optional (MAY); when sent it MUST include the original elicitationId.",
    // v2 changes nothing of this (capabilities.elicitation in place of clientCapabilities.elicitation).
    versions: [1, 2],
  }),
  agent({
    id: "agent.capabilities.elicitation-no-urls-in-forms",
    title: "a form-mode elicitation carries no http(s) URL in its message or requested schema",
    area: "capabilities",
    level: "should",
    cite: `${ELICITATION}#url-security`,
    rationale:
      "Agents SHOULD NOT include URLs intended to be clickable in any field of a form-mode request; an interaction that needs a URL is what url mode is for.",
    // v2 changes nothing of this (capabilities.elicitation in place of clientCapabilities.elicitation).
    versions: [1, 2],
  }),
  agent({
    id: "agent.cancellation.cancel-request-names-pending",
    title:
      "a $/cancel_request the agent sends names one of its own requests that the client has not answered yet",
    area: "cancellation",
    level: "should",
    position: true,
    cite: `${CANCELLATION}#cancel_request-notification`,
    versions: [1, 2],
    rationale:
      "$/cancel_request cancels a request of the sender's that is still in flight; the spec does not say what a notification naming another id means, so failing on one that names an id the agent never sent, or one the client already answered, is the kit's position.",
  }),
] as const satisfies readonly Requirement[];
