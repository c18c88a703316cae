/**
 * What the kit checks of an ACP client (the kit plays the agent the client spawns).
 *
 * A client is judged by what it sends the mock agent (recorded by the agent) and by how it
 * ends: its exit code, its output, whether it hung, and what it left running. "Fails the turn
 * cleanly" means: it exits by itself within --client-timeout, with a nonzero code.
 */
import { INITIALIZATION, OVERVIEW, PROMPT_TURN, TOOL_CALLS, TRANSPORTS } from "./acp-spec-pages.js";
import type { Requirement } from "./types.js";
import { ACP_CLIENT_GATING_REQUIREMENTS } from "./acp-client-gating.js";
import { ACP_CLIENT_ROBUSTNESS_REQUIREMENTS } from "./acp-client-robustness.js";
import { ACP_CLIENT_UPDATE_REQUIREMENTS } from "./acp-client-updates.js";
import { ACP_CLIENT_SESSION_CONFIG_REQUIREMENTS } from "./acp-client-session-config.js";
import { ACP_CLIENT_AUTH_REQUIREMENTS } from "./acp-client-auth.js";
import { ACP_CLIENT_SESSIONS_REQUIREMENTS } from "./acp-client-sessions.js";
import { ACP_CLIENT_ORDER_REQUIREMENTS } from "./acp-client-order.js";
import { ACP_CLIENT_SERVICES_REQUIREMENTS } from "./acp-client-services.js";
import { ACP_CLIENT_CANCELLATION_REQUIREMENTS } from "./acp-client-cancellation.js";
import { ACP_CLIENT_ELICITATION_REQUIREMENTS } from "./acp-client-elicitation.js";
import { ACP_CLIENT_COMMAND_REQUIREMENTS } from "./acp-client-commands.js";
import { ACP_CLIENT_V2_INITIALIZATION_REQUIREMENTS } from "./acp-client-v2-initialization.js";
import {
  ACP_CLIENT_V2_CANCELLATION_REQUIREMENTS,
  ACP_CLIENT_V2_PROMPT_REQUIREMENTS,
} from "./acp-client-v2-prompt.js";
import { ACP_CLIENT_V2_GATING_REQUIREMENTS } from "./acp-client-v2-gating.js";
import { ACP_CLIENT_V2_WIRE_REQUIREMENTS } from "./acp-client-v2-wire.js";
import { ACP_CLIENT_V2_UPDATE_REQUIREMENTS } from "./acp-client-v2-updates.js";
import { ACP_CLIENT_V2_DISPLAY_REQUIREMENTS } from "./acp-client-v2-display.js";

const client = <const R extends Omit<Requirement, "protocol" | "side">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  ...requirement,
});

export const ACP_CLIENT_REQUIREMENTS = [
  // framing
  client({
    id: "client.framing.reassembles-split-frames",
    versions: [1, 2], // the same bytes on a v2 connection: recorded by scenarios/client/v2/framing.ts
    title: "completes a turn whose frames arrive in many small writes with pauses between them",
    area: "framing",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "Messages are delimited by newlines only; a pipe gives no guarantee that one write arrives as one read.",
  }),
  client({
    id: "client.framing.accepts-coalesced-frames",
    title: "completes a turn whose frames arrive several to a write",
    area: "framing",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
  }),
  client({
    id: "client.framing.accepts-crlf",
    versions: [1, 2], // the same bytes on a v2 connection: recorded by scenarios/client/v2/framing.ts
    title: "completes a turn whose frames end in CRLF",
    area: "framing",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale: "The kit tolerates CRLF from peers and expects the same robustness of them.",
    position: true,
  }),
  client({
    id: "client.framing.writes-only-jsonrpc",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/
    title: "everything the client writes to the agent's stdin is a JSON-RPC message on one line",
    area: "framing",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
  }),
  client({
    id: "client.framing.drains-stderr",
    versions: [1, 2], // the same bytes on a v2 connection: recorded by scenarios/client/v2/framing.ts
    title: "keeps working while the agent writes 1 MiB to stderr during the turn",
    area: "framing",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "The agent may log to stderr; a client that never reads it blocks the agent once the pipe fills.",
  }),
  // jsonrpc
  client({
    id: "client.jsonrpc.method-not-found",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/jsonrpc-robustness.ts
    title:
      "an agent-to-client request for an unknown method that is not _-prefixed (foo/bar) gets error -32601",
    area: "jsonrpc",
    level: "should",
    cite: "docs/protocol/v1/extensibility.mdx#custom-requests",
    rationale:
      "JSON-RPC 2.0 reserves -32601 for a method that does not exist; the _-prefixed case, a must, is client.extensibility.unknown-custom-request.",
  }),
  client({
    id: "client.jsonrpc.unique-request-ids",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/
    title: "the client never reuses the id of a request that is still pending",
    area: "jsonrpc",
    level: "must",
    cite: `${OVERVIEW}#communication-model`,
  }),
  client({
    id: "client.jsonrpc.survives-unknown-error-code",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/jsonrpc-errors.ts
    title: "an error response with a code the client does not know ends the turn cleanly, not in a hang",
    area: "jsonrpc",
    level: "must",
    cite: "schema/v1/schema.json#/$defs/ErrorCode",
  }),
  // schema
  client({
    id: "client.schema.valid-payloads",
    title: "every params and result the client sends validates against the v1 schema for its method",
    area: "schema",
    level: "must",
    cite: "schema/v1/schema.json",
  }),
  // initialization
  client({
    id: "client.initialization.refuses-unsupported-version",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/
    title: "when the agent answers an unsupported protocolVersion (999), the client goes no further",
    area: "initialization",
    level: "should",
    cite: `${INITIALIZATION}#version-negotiation`,
  }),
  // session-matching
  client({
    id: "client.session-matching.ignores-foreign-updates",
    title:
      "updates for another sessionId are never presented as the turn's output (or the client fails the turn)",
    area: "session-matching",
    level: "must",
    cite: `${PROMPT_TURN}#3-agent-reports-output`,
  }),
  client({
    id: "client.session-matching.response-id-matched",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/jsonrpc-errors.ts
    title: "a response with the wrong id is not taken for the awaited one",
    area: "session-matching",
    level: "must",
    cite: "schema/v1/schema.json#/$defs/RequestId",
  }),
  // permission
  client({
    id: "client.permission.valid-answer",
    title: "session/request_permission is answered in time with selected (an offered optionId) or cancelled",
    area: "permission",
    level: "must",
    cite: `${TOOL_CALLS}#requesting-permission`,
  }),
  client({
    id: "client.permission.cancelled-on-cancel",
    title: "a client that cancels the turn answers its pending permission request with cancelled",
    area: "permission",
    level: "must",
    cite: `${PROMPT_TURN}#cancellation`,
    rationale:
      "Only a client that can be made to cancel is tested: its test entry point cancels when ACP_CONFORMANCE_SCENARIO is client.permission.cancel-while-asking.",
  }),
  client({
    id: "client.permission.policy",
    title: "what the client answers to a permission request: granted, rejected or cancelled",
    area: "permission",
    level: "info",
    cite: `${TOOL_CALLS}#requesting-permission`,
  }),
  // capabilities
  client({
    id: "client.capabilities.refuses-unadvertised-fs",
    title: "fs/* requests the client did not advertise get an error, not service",
    area: "capabilities",
    level: "must",
    cite: "docs/protocol/v1/file-system.mdx#checking-support",
  }),
  client({
    id: "client.capabilities.refuses-unadvertised-terminal",
    title: "terminal/* requests the client did not advertise get an error, not service",
    area: "capabilities",
    level: "must",
    cite: "docs/protocol/v1/terminals.mdx#checking-support",
  }),
  // limits
  client({
    id: "client.limits.large-frame",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/limits.ts
    title: "a 16 MiB agent frame is handled, or the turn fails cleanly",
    area: "limits",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale: "v1 sets no size limit; 16 MiB is half the official SDK's default frame limit.",
    position: true,
  }),
  client({
    id: "client.limits.flood-bounded",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/limits.ts
    title: "64 MiB of agent stdout without a newline: the client fails the turn cleanly, in bounded memory",
    area: "limits",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "The spec sets no size limit and an unterminated line is no message at all; but a client that buffers one without limit is taken down by one broken agent.",
    position: true,
  }),
  // timeouts
  client({
    id: "client.timeouts.gives-up-on-hung-agent",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/hung-agent.ts
    title:
      "an agent that never answers the prompt: the client gives up within --client-timeout and reports failure",
    area: "timeouts",
    level: "should",
    cite: `${OVERVIEW}#communication-model`,
    rationale: "The spec sets no deadline; a client without one hangs its user forever.",
    position: true,
  }),
  // cleanup
  client({
    id: "client.cleanup.agent-group-gone",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/
    title:
      "after a normal turn, a timeout and a protocol error, the agent and its grandchild in the same process group are gone",
    area: "cleanup",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "The spec only says the client terminates the agent's process; but clients that stop only the direct child leak whatever it started (a common bug through npx/uvx wrappers).",
    position: true,
  }),
  client({
    id: "client.cleanup.closes-stdin-first",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/
    title: "the client closes the agent's stdin before signalling it",
    area: "cleanup",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "The spec's transport section shows the client closing stdin before terminating the agent, without a keyword; closing first lets an agent finish its writes and exit by itself.",
    position: true,
  }),
  client({
    id: "client.cleanup.escaped-grandchild",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/
    title: "whether a grandchild that escaped the agent's process group (setsid) outlives the client",
    area: "cleanup",
    level: "info",
    cite: `${TRANSPORTS}#stdio`,
  }),
  ...ACP_CLIENT_GATING_REQUIREMENTS,
  ...ACP_CLIENT_ROBUSTNESS_REQUIREMENTS,
  ...ACP_CLIENT_UPDATE_REQUIREMENTS,
  ...ACP_CLIENT_SESSION_CONFIG_REQUIREMENTS,
  ...ACP_CLIENT_AUTH_REQUIREMENTS,
  ...ACP_CLIENT_SESSIONS_REQUIREMENTS,
  ...ACP_CLIENT_ORDER_REQUIREMENTS,
  ...ACP_CLIENT_SERVICES_REQUIREMENTS,
  ...ACP_CLIENT_CANCELLATION_REQUIREMENTS,
  ...ACP_CLIENT_ELICITATION_REQUIREMENTS,
  ...ACP_CLIENT_COMMAND_REQUIREMENTS,
  ...ACP_CLIENT_V2_INITIALIZATION_REQUIREMENTS,
  ...ACP_CLIENT_V2_PROMPT_REQUIREMENTS,
  ...ACP_CLIENT_V2_CANCELLATION_REQUIREMENTS,
  ...ACP_CLIENT_V2_GATING_REQUIREMENTS,
  ...ACP_CLIENT_V2_WIRE_REQUIREMENTS,
  ...ACP_CLIENT_V2_UPDATE_REQUIREMENTS,
  ...ACP_CLIENT_V2_DISPLAY_REQUIREMENTS,
] as const satisfies readonly Requirement[];

export type AcpClientRequirementId = (typeof ACP_CLIENT_REQUIREMENTS)[number]["id"];
