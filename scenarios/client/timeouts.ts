/**
 * timeouts: the agent says something and then never answers the prompt. The client must give
 * up by itself and report failure; waiting forever, or exiting as if the turn had succeeded,
 * leaves its user with nothing to act on.
 */
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { describeExit, failedCleanly, runClient, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { recordOwnCancelRequests } from "./cancellation.js";

export const hungAgentScenario: Scenario = {
  id: "client.timeouts.hung-agent",
  title: "the agent never answers the prompt",
  mode: "client",
  // A client that gives up may cancel its pending prompt with $/cancel_request: judged here too.
  requirements: ["client.timeouts.gives-up-on-hung-agent", "client.cancellation.own-cancel-request-valid"],
  waitsOutDeadline: true,
  async run(context) {
    const run = await runClient(context, agentScript([{ message: nonce("before-hang") }, { hang: true }]));
    recordGenericClientChecks(context, run);
    recordOwnCancelRequests(context, run);
    recordGivesUpOnHungAgent(context, run, "the agent never answered the prompt");
  },
};

/** After `hang` (what the agent did) the client gives up by itself and reports failure (v1 and v2). */
export function recordGivesUpOnHungAgent(context: ScenarioContext, run: ClientRun, hang: string): void {
  if (failedCleanly(run)) {
    context.check({
      requirement: "client.timeouts.gives-up-on-hung-agent",
      verdict: "pass",
      message: `the client gave up after ${Math.round(run.durationMs / 1000)} s and reported failure (${describeExit(run)})`,
    });
    return;
  }
  const how = run.timedOut
    ? `it was still waiting at --client-timeout ${context.options.clientTimeoutMs} ms`
    : `${describeExit(run)}, as if the turn had succeeded`;
  context.check({
    requirement: "client.timeouts.gives-up-on-hung-agent",
    verdict: "fail",
    message: `${hang}; ${how}`,
  });
}
