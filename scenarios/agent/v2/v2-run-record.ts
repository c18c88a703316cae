/** What the checks recorded over every v2 run read of one agent run; the v2 driver's AgentV2UnderTest is one. */
import type { WireRecord } from "../generic-checks.js";
import type { KitClientV2Answers } from "./kit-client-v2.js";
import type { V2Turn } from "./turn-updates.js";

export interface V2RunRecord extends WireRecord {
  readonly answers: KitClientV2Answers;
  /** Every prompt turn the kit ran. */
  readonly turns: readonly V2Turn[];
  /** The schema the run's frames are held to: 1 only for the run that negotiates v1. */
  readonly schemaVersion: 1 | 2;
}
