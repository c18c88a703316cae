/**
 * jsonrpc robustness: in the middle of a turn the agent writes a line that is not JSON, a
 * permission request whose params have the wrong types, and an object that is no valid request,
 * then finishes the turn. Each must get JSON-RPC's error answer, and the client must complete
 * the turn afterwards.
 *
 * Two of the answers carry id null, so they are told apart by when they came: the answer to
 * the wrong-params request (which has an id) marks the point between them, as a client answers
 * its lines in order; a client that never answers it is read by the time of each probe.
 */
import type { Scenario } from "../../kit/scenario.js";
import type { PeerEvent } from "../../peers/observation-log.js";
import { agentScript, nonce, PROBE_ANSWERS_WAIT_MS } from "./agent-scripts.js";
import { describeExit, runClient, succeeded, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { checkNotExercised } from "./shared-checks.js";

const NOT_JSON = "kit: this line is not JSON {";
const INVALID_REQUEST = '{"jsonrpc":"2.0","id":"kit-invalid-request","method":42,"params":{}}';
const WRONG_PARAMS =
  '{"jsonrpc":"2.0","id":"kit-wrong-params","method":"session/request_permission","params":{"sessionId":"{{sessionId}}","toolCall":"not an object","options":"not a list"}}';

type Answer = { id: unknown; error?: { code?: unknown }; result?: unknown; at: number };

/** The client's responses (no method) with the time the agent read each. */
function responses(run: ClientRun): Answer[] {
  return run.events.flatMap((event) => {
    if (event.kind !== "received" || typeof event.message !== "object" || event.message === null) return [];
    const message = event.message as Record<string, unknown>;
    if ("method" in message || !("id" in message)) return [];
    return [{ id: message.id, error: message.error as Answer["error"], result: message.result, at: event.t }];
  });
}

/** When the agent wrote the probe line that contains `marker`, or undefined when it never did. */
function sentAt(events: readonly PeerEvent[], marker: string): number | undefined {
  return events.find((event) => event.kind === "sent" && event.text.includes(marker))?.t;
}

function describeAnswer(answer: Answer): string {
  return JSON.stringify(answer.error ?? { result: answer.result });
}

export const malformedInputScenario: Scenario = {
  id: "client.jsonrpc.malformed-input",
  title: "the agent writes a line that is not JSON, a request with wrong params and an invalid request",
  mode: "client",
  requirements: [
    "client.jsonrpc.parse-error-code",
    "client.jsonrpc.invalid-params",
    "client.jsonrpc.invalid-request",
    "client.jsonrpc.survives-malformed-input",
  ],
  async run(context) {
    const after = nonce("after");
    const run = await runClient(
      context,
      agentScript([
        { frame: NOT_JSON },
        { delay: 300 },
        { frame: WRONG_PARAMS },
        { delay: 300 },
        { frame: INVALID_REQUEST },
        // The turn ends only once the three lines are answered: a client's answers must not race
        // the end of the run. The wait is short since clients time a turn out themselves (the
        // fixture clients after 5 s), and one that answers at all answers in milliseconds.
        { awaitReplies: { count: 3, waitMs: PROBE_ANSWERS_WAIT_MS } },
        { message: after },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientChecks(context, run);
    const notJsonAt = sentAt(run.events, NOT_JSON);
    const invalidAt = sentAt(run.events, '"kit-invalid-request"');
    if (notJsonAt === undefined || invalidAt === undefined) {
      for (const requirement of malformedInputScenario.requirements)
        checkNotExercised(
          context,
          requirement,
          `the turn never reached the malformed lines (${describeExit(run)})`,
        );
      return;
    }
    const answers = responses(run);
    const wrongParams = answers.find((answer) => answer.id === "kit-wrong-params");
    const boundary = wrongParams?.at ?? invalidAt;
    const nullAnswers = answers.filter((answer) => answer.id === null);
    const toNotJson = nullAnswers.find((answer) => answer.at >= notJsonAt && answer.at < boundary);
    const toInvalid = answers.find(
      (answer) => (answer.id === null || answer.id === "kit-invalid-request") && answer.at >= boundary,
    );
    const judge = (
      requirement: (typeof malformedInputScenario.requirements)[number],
      what: string,
      expected: number,
      answer: Answer | undefined,
    ) =>
      context.check(
        answer === undefined
          ? {
              requirement,
              verdict: "fail",
              message: `${what} got no answer (${describeExit(run)}); expected error ${expected}`,
            }
          : answer.error?.code !== expected
            ? {
                requirement,
                verdict: "fail",
                message: `${what} was answered ${describeAnswer(answer)}; expected error ${expected}`,
              }
            : { requirement, verdict: "pass", message: `${what} was answered with error ${expected}` },
      );
    judge("client.jsonrpc.parse-error-code", `the line ${JSON.stringify(NOT_JSON)}`, -32700, toNotJson);
    judge(
      "client.jsonrpc.invalid-params",
      "a session/request_permission whose toolCall is a string and options not a list",
      -32602,
      wrongParams,
    );
    judge("client.jsonrpc.invalid-request", `the object ${INVALID_REQUEST}`, -32600, toInvalid);
    context.check(
      succeeded(run)
        ? {
            requirement: "client.jsonrpc.survives-malformed-input",
            verdict: "pass",
            message: `the client completed the turn after the malformed lines${run.output.includes(after) ? " and showed the agent's text that followed them" : ""}`,
          }
        : {
            requirement: "client.jsonrpc.survives-malformed-input",
            verdict: "fail",
            message: `after the malformed lines, ${describeExit(run)}; expected it to complete the turn`,
            evidence: { stderrTail: run.stderrTail },
          },
    );
  },
};
