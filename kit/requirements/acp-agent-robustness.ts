/** What an ACP agent owes under load and at its end: limits, timeouts and cleanup. */
import { TRANSPORTS, OVERVIEW, INITIALIZATION, PROMPT_TURN } from "./acp-spec-pages.js";
import { agentRequirement as agent } from "./acp-agent-builder.js";
import type { Requirement } from "./types.js";

export const ACP_AGENT_ROBUSTNESS_REQUIREMENTS = [
  // limits
  agent({
    id: "agent.limits.prompt-1mib",
    title: "a 1 MiB prompt line is answered or refused with an error, and the agent keeps serving",
    area: "limits",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "v1 sets no message size limit; large embedded context is normal and must not crash or hang an agent.",
    position: true,
  }),
  agent({
    id: "agent.limits.prompt-16mib",
    title: "a 16 MiB prompt line is answered or refused with an error, and the agent keeps serving",
    area: "limits",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "16 MiB is half the official SDK's default frame limit; a crash or hang there is a real interop bug.",
    position: true,
  }),
  agent({
    id: "agent.limits.json-array-survived",
    title: "a JSON array line (a batch, which v1 does not define) does not kill the agent",
    area: "limits",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "Clients must not send batches to v1 agents, so this is robustness rather than conformance: refusing the array is fine, dying on one input line takes every session with it.",
    position: true,
  }),
  agent({
    id: "agent.limits.stdout-line-bounded",
    title: "no stdout line is longer than 32 MiB, the official SDK's default frame limit",
    area: "limits",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "v1 sets no size limit, but a longer line breaks every client built on the official SDK, and an unterminated flood is a stdout that no client can read.",
    position: true,
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  // timeouts
  agent({
    id: "agent.timeouts.initialize",
    title: "initialize is answered within --startup-timeout",
    area: "timeouts",
    level: "should",
    cite: `${INITIALIZATION}#protocol-version`,
    rationale: "The spec sets no deadline; the user chooses it.",
    position: true,
  }),
  agent({
    id: "agent.timeouts.request-answered",
    title: "every request is answered within --timeout",
    area: "timeouts",
    level: "should",
    cite: `${OVERVIEW}#communication-model`,
    rationale:
      "JSON-RPC requires every request to be answered, but the spec sets no deadline; the user chooses it, and a request still unanswered then cannot be told from one that never will be.",
    position: true,
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.timeouts.cancel-honoured",
    title: "a cancelled turn ends within --timeout of session/cancel",
    area: "timeouts",
    level: "should",
    cite: `${PROMPT_TURN}#cancellation`,
    rationale:
      "The spec asks the agent to stop as soon as possible after session/cancel but sets no deadline; the user chooses it.",
    position: true,
  }),
  // cleanup
  agent({
    id: "agent.cleanup.exits-on-stdin-close",
    title: "the agent exits by itself within the grace period after its stdin closes",
    area: "cleanup",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "The spec's teardown diagram closes stdin before terminating; an agent that ignores EOF relies on being killed.",
    position: true,
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.cleanup.no-surviving-descendants",
    title: "no process the agent started is still alive after the agent exits",
    area: "cleanup",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "The spec says nothing of an agent's own children; but clients stop the agent process, and grandchildren that outlive it leak (a common bug through npx/uvx wrappers).",
    position: true,
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
] as const satisfies readonly Requirement[];
