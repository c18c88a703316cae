/**
 * What an ACP client owes an agent that sends it something malformed: JSON-RPC 2.0's error
 * answers (a line that is not JSON, an object that is no valid request, a request whose params
 * have the wrong shape), the answer to a custom request it does not know, and going on with the
 * turn afterwards. Joined into the client's requirements in acp-client.ts.
 */
import { OVERVIEW } from "./acp-spec-pages.js";
import type { Requirement } from "./types.js";

const EXTENSIBILITY = "docs/protocol/v1/extensibility.mdx";

const client = <const R extends Omit<Requirement, "protocol" | "side">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  ...requirement,
});

export const ACP_CLIENT_ROBUSTNESS_REQUIREMENTS = [
  client({
    id: "client.jsonrpc.parse-error-code",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/jsonrpc-robustness.ts
    title: "a line from the agent that is not valid JSON is answered with error -32700 and id null",
    area: "jsonrpc",
    level: "should",
    cite: "schema/v1/schema.json#/$defs/ErrorCode",
    rationale:
      "JSON-RPC 2.0 answers invalid JSON with -32700 and id null, and the schema lists the code; the ACP forbids sending such a line at all, so answering one is graded should, as in agent mode.",
  }),
  client({
    id: "client.jsonrpc.invalid-request",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/jsonrpc-robustness.ts
    title:
      'an object from the agent that is not a valid request ("method": 42) is answered with error -32600',
    area: "jsonrpc",
    level: "should",
    cite: "schema/v1/schema.json#/$defs/ErrorCode",
    rationale:
      "JSON-RPC 2.0 answers an object that is not a valid Request with -32600 (id null when the id cannot be trusted, so either id is accepted); graded should as in agent mode.",
  }),
  client({
    id: "client.jsonrpc.invalid-params",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/jsonrpc-robustness.ts
    title: "a session/request_permission whose toolCall and options have the wrong types gets error -32602",
    area: "jsonrpc",
    level: "should",
    cite: "schema/v1/schema.json#/$defs/ErrorCode",
    rationale:
      "JSON-RPC 2.0 and the schema name -32602 for invalid method parameters; the permission request is the one request every client serves, so it is the one probed.",
  }),
  client({
    id: "client.jsonrpc.survives-malformed-input",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/jsonrpc-robustness.ts
    title:
      "after a line that is not JSON, an invalid request and a request with wrong params, the client completes the turn",
    area: "jsonrpc",
    level: "should",
    position: true,
    cite: `${OVERVIEW}#error-handling`,
    rationale:
      "The spec does not say what a client does after the agent breaks JSON-RPC; JSON-RPC's answers for each case assume the connection goes on, and a client that drops the turn over one bad line loses the user's work.",
  }),
  client({
    id: "client.extensibility.unknown-custom-request",
    title:
      "a request for an _-prefixed method the client does not know gets error -32601 with the request's id",
    area: "extensibility",
    level: "must",
    cite: `${EXTENSIBILITY}#custom-requests`,
    rationale:
      'The page says implementations MUST respond to a custom request with its id, and that one they do not recognize gets the standard "Method not found" error; JSON-RPC 2.0 reserves -32601 for exactly that, so no other answer is a response "accordingly".',
  }),
] as const satisfies readonly Requirement[];
