/** One prompt turn as the kit saw it: what it sent, how it ended, and the updates around it. */
import type { IncomingMessage, RequestOutcome, SentRequest } from "../../kit/wire/connection.js";

export interface Turn {
  sessionId: string;
  request: SentRequest;
  outcome: RequestOutcome;
  /** session/update notifications received while the turn ran (any session). */
  updates: IncomingMessage[];
  /** Transcript seq of the response, or of the moment the kit stopped waiting. */
  endSeq: number;
}
