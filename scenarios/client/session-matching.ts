/**
 * session-matching: the agent sends updates for a session the client never created, and a
 * response with an id the client never used. The client must show neither as its turn's: it
 * matches updates by session and responses by id. How a foreign update counts against the
 * client lives here too, so the foreign-updates property judges it exactly as this does.
 */
import type { Scenario } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { describeExit, failedCleanly, runClient, succeeded, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { checkNotExercised } from "./shared-checks.js";

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
    if (!run.output.includes(canary) && !run.output.includes(own)) {
      // A client that shows nothing cannot show the canary either: its silence is no evidence.
      checkNotExercised(
        context,
        "client.session-matching.ignores-foreign-updates",
        `the client showed neither its own session's text nor the foreign one, so the kit cannot see which updates it takes for the turn's (${describeExit(run)})`,
      );
      return;
    }
    const how = run.output.includes(canary)
      ? "the client failed the turn"
      : "the client showed its own session's text and never the canary";
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
      checkNotExercised(
        context,
        "client.session-matching.response-id-matched",
        "the client does not print the agent's messages, so the kit cannot see which response it took",
      );
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
