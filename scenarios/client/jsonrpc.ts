/**
 * jsonrpc: the agent asks the client for methods that do not exist, and answers the prompt
 * with an error code no client can know. The first must get -32601; the second must not hang
 * or crash the client, whatever else it makes of the error.
 */
import type { Scenario } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { describeExit, runClient } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";

export const unknownRequestScenario: Scenario = {
  id: "client.jsonrpc.unknown-requests",
  title: "the agent sends requests for methods that do not exist",
  mode: "client",
  requirements: ["client.jsonrpc.method-not-found"],
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
    if (answers.length < 2) {
      context.check({
        requirement: "client.jsonrpc.method-not-found",
        verdict: "fail",
        message: `${2 - answers.length} of the agent's requests for unknown methods were never answered (${describeExit(run)})`,
      });
      return;
    }
    const wrong = answers.find((answer) => (answer.error as { code?: unknown } | undefined)?.code !== -32601);
    if (wrong) {
      context.check({
        requirement: "client.jsonrpc.method-not-found",
        verdict: "fail",
        message: `${wrong.method} must get error -32601, got ${JSON.stringify(wrong.error ?? { result: wrong.result })}`,
      });
      return;
    }
    context.check({
      requirement: "client.jsonrpc.method-not-found",
      verdict: "pass",
      message: "foo/bar and _kit/unknown were both answered -32601",
    });
  },
};

export const unknownErrorCodeScenario: Scenario = {
  id: "client.jsonrpc.unknown-error-code",
  title: "the agent answers the prompt with an error code the client cannot know",
  mode: "client",
  requirements: ["client.jsonrpc.survives-unknown-error-code"],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([{ error: { code: -31999, message: "kit: an error code from the future" } }]),
    );
    recordGenericClientChecks(context, run);
    if (run.timedOut || run.exit?.signal) {
      context.check({
        requirement: "client.jsonrpc.survives-unknown-error-code",
        verdict: "fail",
        message: `after error -31999 for its prompt, ${describeExit(run)}`,
        evidence: { stderrTail: run.stderrTail },
      });
      return;
    }
    context.check({
      requirement: "client.jsonrpc.survives-unknown-error-code",
      verdict: "pass",
      message: `after error -31999 for its prompt, ${describeExit(run)}`,
    });
  },
};
