/**
 * Elicitation served by an ACP client (docs/protocol/v1/elicitation.mdx): the modes it
 * advertises are served and the others refused with -32602, both scopes are accepted, answers
 * are one of the schema's actions, accepted form values fit the requested schema, and an
 * elicitation/complete for an id it never saw is ignored. Joined in acp-client.ts.
 */
import { INITIALIZATION } from "./acp-spec-pages.js";
import type { Requirement } from "./types.js";

const ELICITATION = "docs/protocol/v1/elicitation.mdx";

const client = <const R extends Omit<Requirement, "protocol" | "side" | "area">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  area: "capabilities" as const,
  ...requirement,
});

export const ACP_CLIENT_ELICITATION_REQUIREMENTS = [
  client({
    id: "client.capabilities.elicitation-modes-served",
    title:
      "each elicitation mode the client advertises (a non-null form or url) is served: a request in it gets a result, not -32602",
    level: "should",
    cite: `${INITIALIZATION}#client-capabilities`,
    rationale:
      "The spec has a mode advertised only by a non-null field ({} is the offer) without a keyword on serving it; the kit holds that an advertised mode refused is a client that misreads its own capability.",
    position: true,
  }),
  client({
    id: "client.capabilities.elicitation-unadvertised-refused",
    title:
      "an elicitation/create in a mode the client did not advertise (a url request to a form-only client; a custom _ mode, which no client can advertise) gets error -32602 (-32601 too when it advertised no elicitation at all)",
    level: "should",
    cite: `${ELICITATION}#url-completion`,
    rationale:
      "The spec says such requests produce -32602 without a keyword on the client; a client that offers no elicitation at all may not know the method, so -32601 is taken there.",
    position: true,
  }),
  client({
    id: "client.capabilities.elicitation-scopes-accepted",
    title:
      "a form elicitation scoped to a request (requestId, outside the session fields) is answered like one scoped to the session",
    level: "should",
    cite: `${ELICITATION}#creating-an-elicitation`,
    rationale:
      "The spec gives two scopes, sessionId or requestId, with no keyword on the client; the kit holds that a client serving one serves both.",
    position: true,
  }),
  client({
    id: "client.capabilities.elicitation-actions-valid",
    title:
      "every result to elicitation/create is an action of the schema: accept (content an object of primitive values, or none), decline or cancel",
    level: "must",
    cite: "schema/v1/schema.json#/$defs/CreateElicitationResponse",
  }),
  client({
    id: "client.capabilities.elicitation-form-values-valid",
    title:
      "an accepted form's content fits the requested schema (types, enums, lengths, bounds, required fields)",
    level: "should",
    cite: `${ELICITATION}#form-mode`,
  }),
  client({
    id: "client.capabilities.elicitation-unknown-complete-ignored",
    title:
      "an elicitation/complete naming an id the client never saw is ignored: the client goes on serving the turn",
    level: "must",
    cite: `${ELICITATION}#url-completion`,
    rationale:
      "The spec: clients MUST ignore elicitation/complete for an unknown id. A reply to the notification is client.jsonrpc.no-reply-to-notification's to report.",
  }),
] as const satisfies readonly Requirement[];
