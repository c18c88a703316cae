/**
 * What the v2 handshake's capabilities commit an agent to (initialization.mdx): the prompt content
 * its session capabilities promise, and serving a client whatever capabilities it advertises.
 */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import { V2_INITIALIZATION } from "./acp-agent-v2-pages.js";
import type { Requirement } from "./types.js";

export const ACP_AGENT_V2_CAPABILITY_COMMITMENT_REQUIREMENTS = [
  agent({
    id: "agent.v2.initialization.any-client-capabilities",
    title:
      "a client advertising every v2 capability (auth.terminal, elicitation) gets a session and a prompt turn, as one advertising none does",
    area: "initialization",
    level: "should",
    cite: `${V2_INITIALIZATION}#capabilities`,
    rationale:
      "The page says implementations should support all combinations of the other side's capabilities.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.baseline-content-accepted",
    title:
      "a prompt of a text block, and one of a text and a resource_link block, are accepted and their turns run to idle",
    area: "prompt",
    level: "must",
    gate: "capabilities.session",
    cite: `${V2_INITIALIZATION}#session-prompt-capabilities`,
    rationale:
      "As a baseline, agents that advertise session must support text and resource_link blocks in session/prompt, whatever session.prompt says.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.prompt.advertised-content-accepted",
    title:
      "a prompt with an image, audio or embedded resource block is accepted when the agent advertises session.prompt.image, audio or embeddedContext",
    area: "prompt",
    level: "must",
    gate: "capabilities.session.prompt: image, audio or embeddedContext",
    cite: `${V2_INITIALIZATION}#session-prompt-capabilities`,
    rationale:
      "Supplying a marker means the agent supports that content in prompts; a client that sends it on the strength of the marker must not be refused.",
    versions: [2],
  }),
] as const satisfies readonly Requirement[];
