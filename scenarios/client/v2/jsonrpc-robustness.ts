/**
 * jsonrpc (v2): in the middle of a v2 turn the agent writes a line that is not JSON, a
 * permission request whose params have the wrong types, an object that is no valid request, a
 * request for a method that does not exist (foo/bar) and one for v1's fs/read_text_file, which
 * v2 removed; then it finishes the turn. One run records v1's JSON-RPC robustness requirements
 * as they are on the v2 wire (JSON-RPC did not change) and v2's own word on the removed methods.
 *
 * The two id-null answers are told apart by time as in v1 (../jsonrpc-malformed-input.ts): the
 * answer to the wrong-params request marks the point between them.
 */
import type { Scenario } from "../../../kit/scenario.js";
import type { PeerEvent } from "../../../peers/observation-log.js";
import { nonce, PROBE_ANSWERS_WAIT_MS } from "../agent-scripts.js";
import { describeExit, runClient, succeeded, type ClientRun } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const NOT_JSON = "kit: this line is not JSON {";
const WRONG_PARAMS =
  '{"jsonrpc":"2.0","id":"kit-wrong-params","method":"session/request_permission","params":{"sessionId":"{{sessionId}}","title":42,"toolCall":"not an object","options":"not a list"}}';
const INVALID_REQUEST = '{"jsonrpc":"2.0","id":"kit-invalid-request","method":42,"params":{}}';
const UNKNOWN_METHOD = '{"jsonrpc":"2.0","id":"kit-unknown-method","method":"foo/bar","params":{}}';
/** A file every Linux machine has, so a client that still serves v1's fs reads real content. */
const REMOVED_METHOD =
  '{"jsonrpc":"2.0","id":"kit-removed-fs","method":"fs/read_text_file","params":{"sessionId":"{{sessionId}}","path":"/proc/version"}}';

/** Where each probe's line can be found among what the agent sent. */
const PROBE_MARKERS: Partial<Record<string, string>> = {
  "client.jsonrpc.parse-error-code": NOT_JSON,
  "client.jsonrpc.invalid-params": '"kit-wrong-params"',
  "client.jsonrpc.invalid-request": '"kit-invalid-request"',
  "client.jsonrpc.method-not-found": '"kit-unknown-method"',
  "client.v2.jsonrpc.removed-client-methods-not-found": '"kit-removed-fs"',
};

type Answer = { id: unknown; error?: { code?: unknown }; result?: unknown; at: number };
type Requirement = (typeof jsonrpcRobustnessV2Scenario.requirements)[number];

/** The client's responses (no method) with the time the agent read each. */
function responses(run: ClientRun): Answer[] {
  return run.events.flatMap((event) => {
    if (event.kind !== "received" || typeof event.message !== "object" || event.message === null) return [];
    const message = event.message as Record<string, unknown>;
    if ("method" in message || !("id" in message)) return [];
    return [{ id: message.id, error: message.error as Answer["error"], result: message.result, at: event.t }];
  });
}

const sentAt = (events: readonly PeerEvent[], marker: string) =>
  events.find((event) => event.kind === "sent" && event.text.includes(marker))?.t;

export const jsonrpcRobustnessV2Scenario: Scenario = {
  id: "client.v2.jsonrpc.malformed-and-unknown",
  title:
    "in a v2 turn the agent writes a line that is not JSON, a request with wrong params, an invalid request, an unknown method and v1's fs/read_text_file",
  mode: "client",
  requirements: [
    "client.jsonrpc.parse-error-code",
    "client.jsonrpc.invalid-params",
    "client.jsonrpc.invalid-request",
    "client.jsonrpc.method-not-found",
    "client.v2.jsonrpc.removed-client-methods-not-found",
    "client.jsonrpc.survives-malformed-input",
  ],
  async run(context) {
    const after = nonce("after");
    const lines = [NOT_JSON, WRONG_PARAMS, INVALID_REQUEST, UNKNOWN_METHOD, REMOVED_METHOD];
    const run = await runClient(
      context,
      agentScriptV2([
        { delay: 1_500 }, // past the second the kit's agent lingers after its stdin closes: a client gone at the acknowledgment is asked nothing
        ...lines.flatMap((frame) => [{ frame }, { delay: 200 }]),
        // The turn ends only once every line is answered: a client's answers must not race the
        // end of the run (a short wait, as in ../jsonrpc-malformed-input.ts).
        { awaitReplies: { count: lines.length, waitMs: PROBE_ANSWERS_WAIT_MS } },
        { message: after },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientV2Checks(context, run);
    const [notJsonAt, invalidAt, removedAt] = [NOT_JSON, '"kit-invalid-request"', '"kit-removed-fs"'].map(
      (marker) => sentAt(run.events, marker),
    );
    if (notJsonAt === undefined || invalidAt === undefined || removedAt === undefined) {
      for (const requirement of jsonrpcRobustnessV2Scenario.requirements)
        checkNotExercised(
          context,
          requirement,
          `the turn never reached the kit's lines (${describeExit(run)})`,
        );
      return;
    }
    const answers = responses(run);
    const byId = (id: string) => answers.find((answer) => answer.id === id);
    const wrongParams = byId("kit-wrong-params");
    const boundary = wrongParams?.at ?? invalidAt;
    // Other id-null lines (a client that wrongly answers the turn's notifications) may share a window: the right code is preferred.
    const pick = (candidates: Answer[], code: number) =>
      candidates.find((answer) => answer.error?.code === code) ?? candidates[0];
    const toNotJson = pick(
      answers.filter((answer) => answer.id === null && answer.at >= notJsonAt && answer.at < boundary),
      -32700,
    );
    const toInvalid = pick(
      answers.filter(
        (answer) => (answer.id === null || answer.id === "kit-invalid-request") && answer.at >= boundary,
      ),
      -32600,
    );
    const lastWrite = Math.max(
      0,
      ...run.events.flatMap((event) => (event.kind === "received" ? [event.t] : [])),
    );
    const judge = (requirement: Requirement, what: string, expected: number, answer: Answer | undefined) => {
      // A client that had stopped writing before a probe came was gone, not silent: every-request-answered-once judges that.
      const probedAt = sentAt(run.events, PROBE_MARKERS[requirement] ?? "");
      if (answer === undefined && probedAt !== undefined && probedAt > lastWrite) {
        checkNotExercised(
          context,
          requirement,
          `the client wrote nothing after ${what} came (${describeExit(run)})`,
        );
        return;
      }
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
                message: `${what} was answered ${JSON.stringify(answer.error ?? { result: answer.result }).slice(0, 200)}; expected error ${expected}`,
              }
            : { requirement, verdict: "pass", message: `${what} was answered with error ${expected}` },
      );
    };
    judge("client.jsonrpc.parse-error-code", `the line ${JSON.stringify(NOT_JSON)}`, -32700, toNotJson);
    judge(
      "client.jsonrpc.invalid-params",
      "a v2 session/request_permission whose title is a number and options not a list",
      -32602,
      wrongParams,
    );
    judge("client.jsonrpc.invalid-request", `the object ${INVALID_REQUEST}`, -32600, toInvalid);
    judge("client.jsonrpc.method-not-found", "a foo/bar request", -32601, byId("kit-unknown-method"));
    judge(
      "client.v2.jsonrpc.removed-client-methods-not-found",
      "an fs/read_text_file request on a v2 connection",
      -32601,
      byId("kit-removed-fs"),
    );
    context.check(
      succeeded(run)
        ? {
            requirement: "client.jsonrpc.survives-malformed-input",
            verdict: "pass",
            message: `the client completed the v2 turn after the kit's lines${run.output.includes(after) ? " and showed the agent's text that followed them" : ""}`,
          }
        : {
            requirement: "client.jsonrpc.survives-malformed-input",
            verdict: "fail",
            message: `after the kit's lines, ${describeExit(run)}; expected it to complete the turn`,
            evidence: { stderrTail: run.stderrTail },
          },
    );
  },
};
