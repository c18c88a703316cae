/** An ACP agent-side requirement, written without the two fields every one of them shares. */
import type { Requirement } from "./types.js";

export const agentRequirement = <const R extends Omit<Requirement, "protocol" | "side">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "agent" as const,
  ...requirement,
});
