/** What the checks recorded on every run read of one agent run; the driver's AgentUnderTest is one. */
import type { TargetProcess } from "../../kit/process/target.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import type { JsonRpcConnection, SentRequest } from "../../kit/wire/connection.js";
import type { Transcript } from "../../kit/wire/transcript.js";
import type { KitClientAnswers } from "./agent-requests.js";

export interface AgentRunRecord {
  readonly context: ScenarioContext;
  readonly connection: JsonRpcConnection;
  readonly transcript: Transcript;
  readonly target: TargetProcess;
  /** Requests judged by a deadline of their own (initialize), not by --timeout. */
  readonly ownDeadline: ReadonlySet<SentRequest>;
  /**
   * When the kit stopped waiting for answers and began the teardown (transcript ms). The checks
   * read every frame up to the end of stdout, but judge deadlines as of this moment.
   */
  readonly stoppedWaitingAtMs?: number;
  /** Prompt turns that ended with a result. */
  readonly turnsRun: number;
  readonly answers: KitClientAnswers;
}
