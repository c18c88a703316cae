/** What a JsonRpcConnection is given and gives back: its options, request outcomes, replies. */
import type { TargetProcess } from "../process/target.js";
import type { IncomingMessage, SentRequest } from "./frame-inspector.js";
import type { JsonRpcError } from "./jsonrpc.js";
import type { AcpSchema } from "./schema.js";
import type { Transcript } from "./transcript.js";
import type { UnmatchedAnswer } from "./unmatched-answers.js";
import type { WriteStyle } from "./write-styles.js";

export type RequestOutcome =
  | {
      kind: "response";
      request: SentRequest;
      response: IncomingMessage;
      latencyMs: number;
      result: unknown;
      error: JsonRpcError | undefined;
    }
  | {
      kind: "no-response";
      request: SentRequest;
      /** unmatched: an answer came but could not be paired (pretty-printed over lines, or a wrong id). */
      reason: "timeout" | "exited" | "write-failed" | "unmatched";
      waitedMs: number;
      unmatched?: UnmatchedAnswer;
    };

/** What the kit answers to a request the target sends it. */
export type ReplyToTarget = { result: unknown } | { error: JsonRpcError };

export interface ConnectionOptions {
  target: TargetProcess;
  transcript: Transcript;
  schema: AcpSchema;
  /** How long one write may take to drain before it counts as failed. */
  writeTimeoutMs: number;
  /** Answers the target's requests; the default answers -32601. */
  onRequest?: (
    request: IncomingMessage & { message: { kind: "request" } },
  ) => ReplyToTarget | Promise<ReplyToTarget>;
}

export interface SendOptions {
  write?: WriteStyle;
  /** A deliberately malformed or out-of-contract frame: skip the kit's own validation. */
  deliberate?: boolean;
}
