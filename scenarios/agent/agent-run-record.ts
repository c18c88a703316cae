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
  /** Prompt turns that ended with a result. */
  readonly turnsRun: number;
  readonly answers: KitClientAnswers;
}
