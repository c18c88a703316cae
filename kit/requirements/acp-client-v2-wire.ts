/**
 * What an ACP v2 client answers on the wire that v1 had no word for: requests for the client
 * methods v2 removed (fs/*, terminal/*) are unknown methods now. Joined into the client's
 * requirements in acp-client.ts; v1's JSON-RPC robustness requirements, which v2 runs record as
 * they are, keep their ids (`versions: [1, 2]`).
 */
import type { Requirement } from "./types.js";

const V2 = "docs/protocol/v2";
const BATCHES = `${V2}/transports.mdx#json-rpc-batch-messages`;

const client = <const R extends Omit<Requirement, "protocol" | "side" | "versions">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  versions: [2] as const,
  ...requirement,
});

export const ACP_CLIENT_V2_WIRE_REQUIREMENTS = [
  client({
    id: "client.v2.jsonrpc.removed-client-methods-not-found",
    title:
      "on a v2 connection the client answers an fs/read_text_file request (one of v1's client methods, which v2 removed) with -32601 Method not found, never by serving it",
    area: "jsonrpc",
    level: "should",
    cite: `${V2}/overview.mdx#error-handling`,
    rationale:
      "v2 has no client file system or terminal methods (migration.mdx#method-changes), so on a v2 connection they are methods that do not exist, which JSON-RPC 2.0 answers with -32601; graded should as v1's client.jsonrpc.method-not-found. A client that still serves them hands file contents to an agent that negotiated a protocol without them.",
  }),
  client({
    id: "client.v2.schema.mcp-server-shape",
    title:
      "every MCP server the client lists in session/new or session/resume has a type: stdio with an absolute command, http, or a custom one beginning with _ (never v1's sse or an untyped server)",
    area: "schema",
    level: "must",
    cite: `${V2}/session-setup.mdx#transport-types`,
    rationale:
      "The page requires a type on every server and an _ prefix on a custom one, and the command to be absolute; the v2 schema takes any other type string as a future transport (and its AbsolutePath is any string), so only this check sees sse or a relative command.",
  }),
  client({
    id: "client.v2.jsonrpc.batch-accepted",
    title:
      "a batch line from the agent (a session/update and two permission requests) is handled entry by entry: the update shown, each request answered",
    area: "jsonrpc",
    level: "must",
    cite: BATCHES,
    rationale:
      "The page lets an agent send a batch array and says ACP follows JSON-RPC 2.0's batch rules, under which the receiver processes every entry; a client that drops the line loses the agent's output and leaves its requests unanswered.",
  }),
  client({
    id: "client.v2.jsonrpc.batch-answered-as-array",
    title: "the client answers a batch holding two requests with one array line holding both responses",
    area: "jsonrpc",
    level: "should",
    cite: BATCHES,
  }),
  client({
    id: "client.v2.jsonrpc.batch-notifications-unanswered",
    title:
      "the client's answer to a batch holds no response for its notifications, and a batch of notifications alone gets nothing back (never [])",
    area: "jsonrpc",
    level: "must",
    cite: BATCHES,
  }),
  client({
    id: "client.v2.jsonrpc.empty-batch-invalid-request",
    title: "the empty batch [] from the agent gets one Invalid Request error (-32600, id null), not an array",
    area: "jsonrpc",
    level: "must",
    cite: BATCHES,
  }),
  client({
    id: "client.v2.jsonrpc.batch-invalid-entry-error",
    title:
      "an invalid entry of the agent's batch gets its own Invalid Request error (-32600, id null), and the batch's request is still answered",
    area: "jsonrpc",
    level: "must",
    cite: BATCHES,
    rationale:
      "ACP follows JSON-RPC 2.0's batch rules, where an invalid entry is an invalid Request and every request is answered; the page states the per-entry error outright.",
  }),
  client({
    id: "client.v2.jsonrpc.no-lifecycle-batching",
    title:
      "the client never puts initialize, auth/login, session/new, session/resume or session/prompt in a batch array",
    area: "jsonrpc",
    level: "should",
    cite: BATCHES,
  }),
] as const satisfies readonly Requirement[];
