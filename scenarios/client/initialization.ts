/**
 * initialization: the agent answers initialize with a protocol version the client cannot
 * speak. The client must stop there: anything it asks of the agent afterwards assumes a
 * protocol the two do not share.
 */
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { describeExit, runClient, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";

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
    judgeUnsupportedVersion(context, run);
  },
};

/** Whether the client went no further after protocolVersion 999 (v2's version-999 scenario judges the same). */
export function judgeUnsupportedVersion(context: ScenarioContext, run: ClientRun): void {
  // Only what the client sent once it had the answer: one sent before it is session-after-initialize's.
  const answeredAt = run.events.findIndex(
    (event) => event.kind === "sent" && event.text.includes('"protocolVersion":999'),
  );
  const after = run.events
    .slice(answeredAt === -1 ? 0 : answeredAt)
    .flatMap((event) =>
      event.kind === "received" && event.message && typeof event.message === "object"
        ? [event.message as Record<string, unknown>]
        : [],
    )
    .filter(
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
}
