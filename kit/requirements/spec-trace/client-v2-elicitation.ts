/** The client's statements on the v2 elicitation page: v1's page with the capability renamed (capabilities.elicitation), so v1's statements carry over, as gaps until v2 scenarios record them. */
import type { V2Page } from "./pages-v2.js";
import type { SpecStatement } from "./types.js";

export const CLIENT_V2_ELICITATION_STATEMENTS: readonly SpecStatement<V2Page>[] = [
  {
    id: "elicitation#user-interaction",
    page: "elicitation",
    anchor: "user-interaction-requirements",
    line: 17,
    keyword: "MUST",
    says: "The client names the requesting agent, lets the user review, decline or cancel, and shows the URL host and gets consent in URL mode.",
    excluded: {
      reason: "ui-only",
      why: "About what a person sees and does.",
    },
  },
  {
    id: "elicitation#unadvertised-mode-refused",
    page: "elicitation",
    anchor: "url-completion",
    line: 166,
    keyword: "implied",
    says: "An elicitation/create in a mode the client did not advertise gets error -32602 (Invalid params).",
    checkedBy: ["client.v2.capabilities.elicitation-mode-refused"],
  },
  {
    id: "elicitation#scopes-accepted",
    page: "elicitation",
    anchor: "creating-an-elicitation",
    line: 63,
    keyword: "implied",
    says: "The client accepts elicitation/create scoped to a session (sessionId, optionally toolCallId) or to a request outside a session (requestId), with mode always explicit.",
    gap: "The v1 requirements client.capabilities.elicitation-scopes-accepted and client.capabilities.elicitation-modes-served check this once a v2 scenario records them.",
  },
  {
    id: "elicitation#form-values-validated",
    page: "elicitation",
    anchor: "form-mode",
    line: 99,
    keyword: "SHOULD",
    says: "The client validates the values submitted for a form against its schema before answering.",
    gap: "The v1 requirement client.capabilities.elicitation-form-values-valid checks this once a v2 scenario records it.",
  },
  {
    id: "elicitation#defaults-prefilled",
    page: "elicitation",
    anchor: "form-mode",
    line: 102,
    keyword: "SHOULD",
    says: "A client that supports schema defaults pre-fills form fields with their declared defaults.",
    excluded: {
      reason: "ui-only",
      why: "What a form shows a person is not on the wire.",
    },
  },
  {
    id: "elicitation#response-actions",
    page: "elicitation",
    anchor: "responses",
    line: 139,
    keyword: "schema",
    says: "The client answers with action accept (content optional), decline or cancel.",
    schema: "schema/v2/schema.json#/$defs/CreateElicitationResponse",
    gap: "The v1 requirement client.capabilities.elicitation-actions-valid checks this once a v2 scenario records it.",
  },
  {
    id: "elicitation#id-opaque-unknown-ignored",
    page: "elicitation",
    anchor: "url-completion",
    line: 160,
    keyword: "MUST",
    says: "The client treats elicitationId as opaque and ignores elicitation/complete for unknown or already completed ids.",
    checkedBy: ["client.v2.capabilities.elicitation-unknown-complete-ignored"],
    note: "Checked with an elicitation/complete for an id the agent never used; an already-completed id is not sent.",
  },
  {
    id: "elicitation#url-safety",
    page: "elicitation",
    anchor: "url-security",
    line: 181,
    keyword: "MUST NOT",
    says: "The client never prefetches a URL or opens it without consent, shows the full URL, opens it in a secure context and does not render URLs as clickable.",
    excluded: {
      reason: "ui-only",
      why: "About what a person sees and consents to; nothing on the wire.",
    },
  },
];
