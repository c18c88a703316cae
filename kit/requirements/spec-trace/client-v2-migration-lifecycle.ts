/**
 * The client's statements on the v2 migration page, up to its prompt lifecycle: versions,
 * initialization, authentication, turns, cancellation. Many restate a statement of the page that
 * specifies the feature; they are traced here too, since the page is normative, and a requirement
 * that checks one usually checks both. The SDK checklist concerns libraries, not either side, and is
 * not traced.
 */
import type { V2Page } from "./pages-v2.js";
import type { SpecStatement } from "./types.js";

export const CLIENT_V2_MIGRATION_LIFECYCLE_STATEMENTS: readonly SpecStatement<V2Page>[] = [
  // migration
  {
    id: "migration#v1-still-served",
    page: "migration",
    anchor: "",
    line: 8,
    keyword: "SHOULD",
    says: "A client that adds v2 keeps working with v1 agents: it negotiates the version per connection.",
    gap: "The kit's agent answers initialize with protocolVersion 1 to a client that asked for 2; expect the client to go on in v1 (v1 methods and shapes only) or close the connection, never to send v2 methods.",
  },
  {
    id: "migration#unstable-not-implied",
    page: "migration",
    anchor: "scope-stable-v2-and-draft-surfaces",
    line: 22,
    keyword: "implied",
    says: "Negotiating version 2 turns on none of the draft (schema.unstable.json) features; each stays behind its own capability.",
    gap: "In a v2 run against an agent that advertised no draft capability, fail any method the client sends that schema/v2/schema.json does not define.",
  },
  {
    id: "migration#sends-version-2",
    page: "migration",
    anchor: "version-negotiation",
    line: 26,
    keyword: "implied",
    says: "To use v2 the client sends protocolVersion 2 in initialize.",
    checkedBy: ["client.v2.initialization.latest-version"],
  },
  {
    id: "migration#one-version-per-connection",
    page: "migration",
    anchor: "version-negotiation",
    line: 30,
    keyword: "implied",
    says: "After initialize a connection speaks exactly the one negotiated version.",
    checkedBy: ["client.v2.initialization.only-v2-methods", "client.v2.initialization.answered-1"],
  },
  {
    id: "migration#info-and-capabilities-names",
    page: "migration",
    anchor: "role-agnostic-info-and-capabilities",
    line: 82,
    keyword: "schema",
    says: "The client's initialize uses info (required) and capabilities, not clientInfo or clientCapabilities.",
    schema: "schema/v2/schema.json#/$defs/InitializeRequest",
    checkedBy: ["client.v2.schema.valid-payloads"],
  },
  {
    id: "migration#presence-checks",
    page: "migration",
    anchor: "support-markers-are-objects-not-booleans",
    line: 183,
    keyword: "implied",
    says: "The client reads support markers by presence (non-null), not as booleans.",
    checkedBy: [
      "client.v2.capabilities.no-unadvertised-mcp",
      "client.v2.capabilities.no-unadvertised-prompt-content",
      "client.v2.capabilities.copes-with-withheld",
    ],
  },
  {
    id: "migration#fs-terminal-not-advertised",
    page: "migration",
    anchor: "capability-reorganization",
    line: 191,
    keyword: "implied",
    says: "v2 defines no fs or terminal client capability: the client sends neither.",
    checkedBy: ["client.v2.capabilities.no-removed-capabilities"],
  },
  {
    id: "migration#no-auth-without-methods",
    page: "migration",
    anchor: "authentication",
    line: 198,
    keyword: "MUST NOT",
    says: "If authMethods is omitted or empty, the client calls neither auth/login nor auth/logout.",
    checkedBy: ["client.v2.initialization.no-auth-without-methods"],
  },
  {
    id: "migration#prompt-response-not-turn-end",
    page: "migration",
    anchor: "v2-the-response-is-an-acknowledgment",
    line: 251,
    keyword: "implied",
    says: "The session/prompt response is only an acknowledgment; the turn ends with the idle state_update.",
    checkedBy: ["client.v2.prompt.turn-ends-at-idle"],
  },
  {
    id: "migration#stop-reason-from-idle",
    page: "migration",
    anchor: "session-states",
    line: 307,
    keyword: "implied",
    says: "The client takes the stop reason from the idle state_update.",
    checkedBy: ["client.v2.prompt.ends-turn-on-every-stop-reason"],
  },
  {
    id: "migration#cancel-answers-permission",
    page: "migration",
    anchor: "cancellation",
    line: 311,
    keyword: "implied",
    says: "After session/cancel the client still answers every pending permission request with cancelled.",
    checkedBy: ["client.v2.cancellation.cancelled-permission"],
  },
  {
    id: "migration#updates-after-cancel",
    page: "migration",
    anchor: "cancellation",
    line: 311,
    keyword: "SHOULD",
    says: "The client accepts tool-call updates that arrive after it sent session/cancel, and waits for the idle cancelled.",
    checkedBy: ["client.prompt.updates-after-cancel"],
    note: "The client takes the tool_call_update and the idle cancelled and ends by itself; that it can prompt again is not seen (the kit's clients run one turn).",
  },
];
