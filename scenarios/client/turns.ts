/**
 * The client's ordinary turn, and the same turn with its frames split, coalesced, CRLF-ended
 * and with a stderr flood alongside: a robust client completes every one of them.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import type { Faults } from "../../peers/script-types.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { describeExit, runClient, succeeded } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";

async function runTurn(
  context: ScenarioContext,
  requirement: RequirementId | undefined,
  what: string,
  faults: Faults = {},
  stderrBytes = 0,
): Promise<void> {
  const text = nonce("turn");
  const run = await runClient(
    context,
    agentScript(
      [
        ...(stderrBytes > 0 ? [{ flood: { bytes: stderrBytes, stream: "stderr" as const } }] : []),
        { message: text },
        { stop: "end_turn" },
      ],
      { faults },
    ),
  );
  recordGenericClientChecks(context, run);
  if (!requirement) return;
  if (succeeded(run)) {
    context.check({
      requirement,
      verdict: "pass",
      message: `the client completed a turn ${what}${run.output.includes(text) ? " and showed the agent's text" : ""}`,
    });
  } else {
    context.check({
      requirement,
      verdict: "fail",
      message: `a turn ${what}: ${describeExit(run)}`,
      evidence: { stderrTail: run.stderrTail, timings: { durationMs: run.durationMs } },
    });
  }
}

const scenario = (
  id: string,
  title: string,
  requirement: RequirementId | undefined,
  what: string,
  faults?: Faults,
  stderrBytes?: number,
): Scenario => ({
  id,
  title,
  mode: "client",
  requirements: requirement
    ? [requirement]
    : ["client.cleanup.agent-group-gone", "client.cleanup.closes-stdin-first"],
  run: (context) => runTurn(context, requirement, what, faults, stderrBytes),
});

export const TURN_SCENARIOS: readonly Scenario[] = [
  scenario("client.turn.ordinary", "an ordinary turn", undefined, ""),
  scenario(
    "client.framing.split-frames",
    "the agent's frames split into many small writes",
    "client.framing.reassembles-split-frames",
    "whose frames came in 8 pieces each, 20 ms apart",
    { split: { pieces: 8, delayMs: 20 } },
  ),
  scenario(
    "client.framing.coalesced-frames",
    "the agent's frames coalesced",
    "client.framing.accepts-coalesced-frames",
    "whose frames came several to a write",
    { coalesce: true },
  ),
  scenario(
    "client.framing.crlf",
    "the agent's frames end in CRLF",
    "client.framing.accepts-crlf",
    "whose frames ended in CRLF",
    { crlf: true },
  ),
  scenario(
    "client.framing.stderr-flood",
    "the agent writes 1 MiB to stderr during the turn",
    "client.framing.drains-stderr",
    "while the agent wrote 1 MiB to stderr",
    {},
    1024 * 1024,
  ),
];
