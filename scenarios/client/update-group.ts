/** The unit the update-variants scenario sends and judges (update-payloads.ts, update-payloads-later.ts). */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { AgentAction } from "../../peers/script-types.js";

/** One group of updates the agent sends between two liveness probes, and what it tests. */
export interface UpdateGroup {
  requirement: RequirementId;
  /** What the group sent, in words, for the check's message. */
  what: string;
  actions: AgentAction[];
  /** A nonce of agent message text in the group, which a client that shows the agent's text must show. */
  shownText?: string;
}
