/**
 * jsonrpc: the agent asks the client for methods that do not exist, and answers the prompt
 * with an error code no client can know. The first must get -32601; the second must fail the
 * turn cleanly: not hang, not crash, and not report success for a prompt that got an error.
 */
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { crashSignature } from "./crash-signatures.js";
import { describeExit, failedCleanly, runClient, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { checkNotExercised } from "./shared-checks.js";

export const unknownRequestScenario: Scenario = {
  id: "client.jsonrpc.unknown-requests",
  title: "the agent sends requests for methods that do not exist",
  mode: "client",
  requirements: ["client.jsonrpc.method-not-found", "client.extensibility.unknown-custom-request"],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([
        { request: { method: "foo/bar", params: {} } },
        { request: { method: "_kit/unknown", params: {} } },
        { message: nonce("after") },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientChecks(context, run);
    const answers = run.events.flatMap((event) => (event.kind === "response" ? [event] : []));
    for (const [method, requirement] of [
      ["foo/bar", "client.jsonrpc.method-not-found"],
      ["_kit/unknown", "client.extensibility.unknown-custom-request"],
    ] as const) {
      const answer = answers.find((candidate) => candidate.method === method);
      const code = (answer?.error as { code?: unknown } | undefined)?.code;
      // The agent asks one request after the other: a client stuck on the first is never asked the second.
      const asked = run.events.some(
        (event) => event.kind === "sent" && event.text.includes(`"method":"${method}"`),
      );
      if (!asked) {
        checkNotExercised(
          context,
          requirement,
          `the agent never got to send ${method} (${describeExit(run)})`,
        );
        continue;
      }
      context.check(
        answer === undefined
          ? {
              requirement,
              verdict: "fail",
              message: `the agent's ${method} request was never answered (${describeExit(run)}); expected error -32601`,
            }
          : code !== -32601
            ? {
                requirement,
                verdict: "fail",
                message: `${method} must get error -32601, got ${JSON.stringify(answer.error ?? { result: answer.result })}`,
              }
            : { requirement, verdict: "pass", message: `${method} was answered -32601` },
      );
    }
  },
};

export const unknownErrorCodeScenario: Scenario = {
  id: "client.jsonrpc.unknown-error-code",
  title: "the agent answers the prompt with an error code the client cannot know",
  mode: "client",
  requirements: ["client.jsonrpc.survives-unknown-error-code"],
  // A client that wedges here is seen only when --client-timeout runs out: started first, that
  // wait overlaps the rest of the run instead of trailing it.
  waitsOutDeadline: true,
  async run(context) {
    const run = await runClient(
      context,
      agentScript([{ error: { code: -31999, message: "kit: an error code from the future" } }]),
    );
    recordGenericClientChecks(context, run);
    recordSurvivesUnknownErrorCode(context, run);
  },
};

/** After error -31999 for its prompt the client fails the turn cleanly: no hang, no crash, no success (v1 and v2). */
export function recordSurvivesUnknownErrorCode(context: ScenarioContext, run: ClientRun): void {
  const crash = crashSignature(run.output);
  const wrong =
    run.timedOut || run.exit?.signal
      ? describeExit(run)
      : crash !== undefined
        ? `the client crashed (its output shows ${crash}); ${describeExit(run)}`
        : !failedCleanly(run)
          ? `${describeExit(run)}: it reported success for a prompt that got an error`
          : undefined;
  context.check(
    wrong !== undefined
      ? {
          requirement: "client.jsonrpc.survives-unknown-error-code",
          verdict: "fail",
          message: `after error -31999 for its prompt, ${wrong}; expected it to fail the turn cleanly (exit by itself with a nonzero code)`,
          evidence: { stderrTail: run.stderrTail },
        }
      : {
          requirement: "client.jsonrpc.survives-unknown-error-code",
          verdict: "pass",
          message: `after error -31999 for its prompt, ${describeExit(run)}, without a crash`,
        },
  );
}
