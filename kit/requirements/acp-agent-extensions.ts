/**
 * What an ACP agent owes beyond the basic turn: authentication methods and logout,
 * `$/cancel_request`, the extensibility rules (`_meta`, unknown fields, no custom root fields),
 * and version negotiation with a newer client.
 */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import { INITIALIZATION } from "./acp-spec-pages.js";
import type { Requirement } from "./types.js";

const AUTHENTICATION = "docs/protocol/v1/authentication.mdx";
const CANCELLATION = "docs/protocol/v1/cancellation.mdx";
const EXTENSIBILITY = "docs/protocol/v1/extensibility.mdx";

export const ACP_AGENT_EXTENSION_REQUIREMENTS = [
  // authentication
  agent({
    id: "agent.initialization.auth-method-ids-unique",
    title: "the authMethods of the initialize result each have an id no other method has",
    area: "initialization",
    level: "must",
    gate: "initialize result: authMethods",
    cite: "schema/v1/schema.json#/$defs/AuthMethodAgent/properties/id",
    rationale: "The schema calls the id the method's unique identifier; authenticate names a method by it.",
  }),
  agent({
    id: "agent.initialization.unknown-auth-method-refused",
    title: "authenticate with a methodId the agent never advertised is answered with an error",
    area: "initialization",
    level: "should",
    position: true,
    gate: "initialize result: authMethods",
    cite: `${AUTHENTICATION}#protocol-driven-authentication`,
    rationale:
      "methodId must be an advertised method; the spec constrains the client, and the kit expects the agent to refuse a method it does not have rather than report the client authenticated.",
  }),
  agent({
    id: "agent.capabilities.logout-when-advertised",
    title: "an agent that advertises agentCapabilities.auth.logout answers logout with a result",
    area: "capabilities",
    level: "must",
    gate: "agentCapabilities.auth.logout",
    cite: `${AUTHENTICATION}#logging-out`,
    rationale:
      "Supplying auth.logout means the agent supports the method; on success it returns an empty result.",
  }),
  // $/cancel_request
  agent({
    id: "agent.cancellation.cancel-request-answered",
    title:
      "a request the client cancels with $/cancel_request is still answered: with a result or error -32800",
    area: "cancellation",
    level: "must",
    cite: `${CANCELLATION}#cancel_request-notification`,
    rationale:
      "Acting on $/cancel_request is optional, answering the cancelled request is not; an agent that ignores the notification simply answers as usual. A second answer is agent.jsonrpc.one-response-per-request's finding.",
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  // extensibility
  agent({
    id: "agent.extensibility.meta-tolerated",
    title:
      "requests carrying _meta (the W3C trace keys traceparent, tracestate, baggage and a vendor key) are answered as usual",
    area: "extensibility",
    level: "must",
    cite: `${EXTENSIBILITY}#the-_meta-field`,
    rationale:
      "Every type has a _meta field, and implementations must not make assumptions about its values.",
    // v2 changes nothing of this (against v2's schema): the v2 profile records it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.extensibility.unknown-fields-tolerated",
    title: "requests carrying a field the schema does not define are answered as usual",
    area: "extensibility",
    level: "should",
    position: true,
    cite: "schema/v1/schema.json#/$defs/NewSessionRequest",
    rationale:
      "The schema does not forbid additional properties, and field names are reserved for future protocol versions, so a newer client may send fields this agent does not know; refusing them breaks compatibility.",
    // v2 changes nothing of this (against v2's schema): the v2 profile records it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.extensibility.no-custom-root-fields",
    title:
      "the initialize, session/new and session/prompt results carry no field at their root that the schema does not define (custom data goes in _meta)",
    area: "extensibility",
    level: "should",
    position: true,
    cite: `${EXTENSIBILITY}#the-_meta-field`,
    rationale:
      "The docs say implementations must not add custom fields at the root of a spec type, but the schema allows additional properties and a field unknown to the kit's schema may come from a newer schema revision; so the kit warns rather than fails.",
    // v2 changes nothing of this (against v2's schema): the v2 profile records it too.
    versions: [1, 2],
  }),
  // version negotiation
  agent({
    id: "agent.initialization.newer-version-answered",
    title:
      "initialize with protocolVersion 2 is answered with 2, or with the agent's own latest version (never 0, 65535, or below the version it answers to 1)",
    area: "initialization",
    level: "must",
    cite: `${INITIALIZATION}#version-negotiation`,
  }),
] as const satisfies readonly Requirement[];
