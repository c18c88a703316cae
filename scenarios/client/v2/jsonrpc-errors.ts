/**
 * JSON-RPC errors and ids on a v2 connection, recording v1's requirements (their check is the
 * same): a response with an id the client never used, written just before the prompt's real
 * acknowledgment (an error, so a client that takes it for its prompt's answer gives up on a turn
 * that then runs); the prompt refused with an error code no client can know (v2: the agent does
 * not accept it); and the client's first session/new answered -32800. v2 answers the prompt at
 * once, so the kit's agent writes the stray response through the script's `promptAnswer`.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { recordOwnCancelRequests, recordSurvivesCancelledError } from "../cancellation.js";
import { describeExit, runClient, succeeded } from "../driver.js";
import { recordSurvivesUnknownErrorCode } from "../jsonrpc.js";
import { checkNotExercised } from "../shared-checks.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const STRAY_RESPONSE =
  '{"jsonrpc":"2.0","id":"kit-not-your-request","error":{"code":-32603,"message":"kit: an answer to a request you never sent"}}';

export const wrongResponseIdV2Scenario: Scenario = {
  id: "client.v2.session-matching.wrong-response-id",
  title:
    "a plain v2 turn, then one where an error response with another id comes just before the prompt's answer",
  mode: "client",
  requirements: ["client.session-matching.response-id-matched"],
  async run(context) {
    const requirement = "client.session-matching.response-id-matched";
    // The control: whether this client finishes a plain v2 turn at all, so a failure below is the stray response's.
    const plain = await runClient(
      context,
      agentScriptV2([{ message: nonce("plain") }, { stop: "end_turn" }]),
    );
    recordGenericClientV2Checks(context, plain);
    const late = nonce("late");
    const run = await runClient(
      context,
      agentScriptV2([{ message: late }, { stop: "end_turn" }], {
        promptAnswer: { before: [STRAY_RESPONSE], delayMs: 300 },
      }),
    );
    recordGenericClientV2Checks(context, run);
    const strayed = run.events.some(
      (event) => event.kind === "sent" && event.text.includes("kit-not-your-request"),
    );
    if (!strayed || !succeeded(plain)) {
      checkNotExercised(
        context,
        requirement,
        !strayed
          ? `the client never prompted, so the stray response was never sent (${describeExit(run)})`
          : `the client does not finish a plain v2 turn (${describeExit(plain)}), so a failed turn here says nothing of the stray response`,
      );
      return;
    }
    context.check(
      succeeded(run) || run.output.includes(late)
        ? {
            requirement,
            verdict: "pass",
            message: `an error response with id "kit-not-your-request" came before the prompt's acknowledgment; the client waited for its own (${describeExit(run)})`,
          }
        : {
            requirement,
            verdict: "fail",
            message: `an error response with id "kit-not-your-request" came before the prompt's acknowledgment and the client gave up on the turn (${describeExit(run)}), never showing the agent's text; it finishes a plain turn, so it took the stray error for its prompt's answer`,
            evidence: { stderrTail: run.stderrTail },
          },
    );
  },
};

export const unknownErrorCodeV2Scenario: Scenario = {
  id: "client.v2.jsonrpc.unknown-error-code",
  title: "the agent refuses the prompt with an error code the client cannot know",
  mode: "client",
  requirements: ["client.jsonrpc.survives-unknown-error-code"],
  // A client that wedges here is seen only when --client-timeout runs out: started first, that
  // wait overlaps the rest of the run instead of trailing it.
  waitsOutDeadline: true,
  async run(context) {
    const run = await runClient(
      context,
      agentScriptV2([{ stop: "end_turn" }], {
        promptAnswer: { error: { code: -31999, message: "kit: an error code from the future" } },
      }),
    );
    recordGenericClientV2Checks(context, run);
    if (!run.events.some((event) => event.kind === "sent" && event.text.includes("-31999"))) {
      checkNotExercised(
        context,
        "client.jsonrpc.survives-unknown-error-code",
        `the client never prompted, so no error was sent (${describeExit(run)})`,
      );
      return;
    }
    recordSurvivesUnknownErrorCode(context, run);
  },
};

export const cancelledErrorV2Scenario: Scenario = {
  id: "client.v2.cancellation.cancelled-error",
  title: "the agent answers the client's first session/new with -32800 (Request cancelled)",
  mode: "client",
  requirements: [
    "client.cancellation.survives-cancelled-error",
    "client.cancellation.own-cancel-request-valid",
  ],
  // A client that wedges here is seen only when --client-timeout runs out: started first, that
  // wait overlaps the rest of the run instead of trailing it.
  waitsOutDeadline: true,
  async run(context) {
    const run = await runClient(
      context,
      agentScriptV2([{ message: nonce("after-cancelled-error") }, { stop: "end_turn" }], {
        answerCancelled: ["session/new"],
      }),
    );
    recordGenericClientV2Checks(context, run);
    recordOwnCancelRequests(context, run);
    recordSurvivesCancelledError(context, run);
  },
};
