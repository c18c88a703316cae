/**
 * jsonrpc, initialization and session-matching: how the client treats an agent that asks for
 * unknown methods, answers with unknown error codes or an unsupported version, sends updates
 * for another session, or answers with the wrong id.
 */
import type { Scenario } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import {
  clientMessages,
  describeExit,
  failedCleanly,
  runClient,
  succeeded,
  type ClientRun,
} from "./driver.js";
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

export const unsupportedVersionScenario: Scenario = {
  id: "client.initialization.version-999",
  title: "the agent answers initialize with protocolVersion 999",
  mode: "client",
  requirements: ["client.initialization.refuses-unsupported-version"],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([{ message: nonce("too-far") }, { stop: "end_turn" }], {
        initialize: { protocolVersion: 999 },
      }),
    );
    recordGenericClientChecks(context, run);
    const after = clientMessages(run).filter(
      (message) => typeof message.method === "string" && message.method !== "initialize" && "id" in message,
    );
    if (after.length > 0 || run.timedOut) {
      const what =
        after.length > 0
          ? `went on to send ${after.map((message) => message.method).join(", ")}`
          : "did not stop (it was still running at --client-timeout)";
      context.check({
        requirement: "client.initialization.refuses-unsupported-version",
        verdict: "fail",
        message: `after the agent answered protocolVersion 999 the client ${what}`,
      });
      return;
    }
    context.check({
      requirement: "client.initialization.refuses-unsupported-version",
      verdict: "pass",
      message: `after protocolVersion 999 the client sent nothing more; ${describeExit(run)}`,
    });
  },
};

/** A canary from a foreign session's update counts against the client when it shows it and did not fail the turn. */
export function showsForeignCanary(run: ClientRun, canary: string): boolean {
  return run.output.includes(canary) && !failedCleanly(run);
}

export const foreignUpdatesScenario: Scenario = {
  id: "client.session-matching.foreign-updates",
  title: "the agent sends updates for another session, carrying a canary",
  mode: "client",
  requirements: ["client.session-matching.ignores-foreign-updates"],
  async run(context) {
    const canary = nonce("canary");
    const own = nonce("own");
    const run = await runClient(
      context,
      agentScript([
        { message: own },
        { foreignUpdate: { sessionId: "kit-foreign-session", text: canary } },
        { foreignUpdate: { sessionId: "kit-foreign-session", text: `${canary} again` } },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientChecks(context, run);
    if (showsForeignCanary(run, canary)) {
      context.check({
        requirement: "client.session-matching.ignores-foreign-updates",
        verdict: "fail",
        message: `text from updates for another session (${canary}) appeared in the client's output as if it were this turn's`,
        evidence: { details: { canary } },
      });
      return;
    }
    const how = run.output.includes(canary)
      ? "the client failed the turn"
      : "the canary never appeared in the client's output";
    context.check({
      requirement: "client.session-matching.ignores-foreign-updates",
      verdict: "pass",
      message: `${how} (${describeExit(run)})`,
    });
  },
};

export const wrongResponseIdScenario: Scenario = {
  id: "client.session-matching.wrong-response-id",
  title: "the agent sends a response with the wrong id before the real one",
  mode: "client",
  requirements: ["client.session-matching.response-id-matched"],
  async run(context) {
    const early = nonce("early");
    const late = nonce("late");
    const run = await runClient(
      context,
      agentScript([
        { message: early },
        { frame: '{"jsonrpc":"2.0","id":"kit-not-your-request","result":{"stopReason":"end_turn"}}' },
        { delay: 300 },
        { message: late },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientChecks(context, run);
    if (!run.output.includes(early)) {
      context.check({
        requirement: "client.session-matching.response-id-matched",
        verdict: "not-tested",
        message:
          "not exercised: the client does not print the agent's messages, so the kit cannot see which response it took",
      });
      return;
    }
    if (succeeded(run) && !run.output.includes(late)) {
      context.check({
        requirement: "client.session-matching.response-id-matched",
        verdict: "fail",
        message:
          "the client finished after a response with the wrong id: it never showed the message the agent sent before the real response",
      });
      return;
    }
    context.check({
      requirement: "client.session-matching.response-id-matched",
      verdict: "pass",
      message: `the client waited for the response with its own id (${describeExit(run)})`,
    });
  },
};

export const PROTOCOL_SCENARIOS: readonly Scenario[] = [
  unknownRequestScenario,
  unknownErrorCodeScenario,
  unsupportedVersionScenario,
  foreignUpdatesScenario,
  wrongResponseIdScenario,
];
