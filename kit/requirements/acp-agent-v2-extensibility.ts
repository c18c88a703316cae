/** What an ACP v2 agent owes at its extension points (extensibility.mdx): custom values of open enums. */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import type { Requirement } from "./types.js";

export const ACP_AGENT_V2_EXTENSIBILITY_REQUIREMENTS = [
  agent({
    id: "agent.v2.extensibility.custom-values-prefixed",
    title:
      "every value of an open enum the agent sends (sessionUpdate, stop reason, content type, tool kind and status, permission option kind and subject type, plan type, priority and entry status, command type and input type, auth type) is one v2 defines or begins with _",
    area: "extensibility",
    level: "must",
    cite: "docs/protocol/v2/extensibility.mdx#enum-and-tagged-union-variants",
    rationale:
      "The v2 schema accepts any string there so that receivers tolerate new values, which is why a schema check cannot see the rule: custom values must begin with _, and other unknown names are reserved for future ACP versions.",
    versions: [2],
  }),
] as const satisfies readonly Requirement[];
