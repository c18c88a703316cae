/** What an ACP v2 agent owes on the wire that v1 did not ask: JSON-RPC batches (transports.mdx). */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import type { Requirement } from "./types.js";

const V2_BATCHES = "docs/protocol/v2/transports.mdx#json-rpc-batch-messages";

export const ACP_AGENT_V2_WIRE_REQUIREMENTS = [
  agent({
    id: "agent.v2.jsonrpc.batch-answered-as-array",
    title: "a batch of requests and a notification is answered with one array holding a response per request",
    area: "jsonrpc",
    level: "should",
    cite: V2_BATCHES,
    versions: [2],
  }),
  agent({
    id: "agent.v2.jsonrpc.batch-notifications-unanswered",
    title:
      "notifications inside a batch get no response, and a batch of notifications alone gets nothing back (never [])",
    area: "jsonrpc",
    level: "must",
    cite: V2_BATCHES,
    versions: [2],
  }),
  agent({
    id: "agent.v2.jsonrpc.empty-batch-invalid-request",
    title: "the empty batch [] gets one Invalid Request error (-32600, id null), not an array",
    area: "jsonrpc",
    level: "must",
    cite: V2_BATCHES,
    versions: [2],
  }),
  agent({
    id: "agent.v2.jsonrpc.batch-invalid-entry-error",
    title:
      "an invalid entry of a non-empty batch gets its own Invalid Request error (-32600, id null), and the batch's requests are still answered",
    area: "jsonrpc",
    level: "must",
    cite: V2_BATCHES,
    rationale:
      "ACP follows JSON-RPC 2.0's batch rules, where an invalid entry is an invalid Request and every request is answered; the page states the per-entry error outright.",
    versions: [2],
  }),
] as const satisfies readonly Requirement[];
