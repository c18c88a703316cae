/**
 * prompt, after a cancel: what the client makes of the agent's update and stop reason that
 * follow its own session/cancel. Recorded from the cancel-while-asking run (permission.ts).
 */
import type { ScenarioContext } from "../../kit/scenario.js";
import { crashSignature } from "./crash-signatures.js";
import { describeExit, type ClientRun } from "./driver.js";
import { checkNotExercised } from "./shared-checks.js";
import { agentFrames, type Message } from "./wire-frames.js";

/**
 * Once the client sent session/cancel, the agent still sends a tool_call_update and then ends
 * the turn with stopReason cancelled (prompt-turn.mdx#cancellation): the client must take both
 * and end by itself, without a hang or a crash. Recorded from the cancel-while-asking run;
 * not tested when the client never cancelled.
 */
export function recordUpdatesAfterCancel(context: ScenarioContext, run: ClientRun): void {
  const requirement = "client.prompt.updates-after-cancel";
  const cancelAt = run.events.find((event) => event.kind === "cancel")?.t;
  const update =
    cancelAt === undefined
      ? undefined
      : agentFrames(run).find(
          ({ at, message }) =>
            at >= cancelAt &&
            message.method === "session/update" &&
            ((message.params as Message | undefined)?.update as Message | undefined)?.sessionUpdate ===
              "tool_call_update",
        );
  if (!update) {
    checkNotExercised(
      context,
      requirement,
      cancelAt === undefined
        ? "the client did not cancel the turn"
        : `the turn ended before the agent's update after the cancel (${describeExit(run)})`,
    );
    return;
  }
  const crash = crashSignature(run.output);
  context.check(
    run.timedOut || run.exit === undefined || run.exit.signal !== null || crash !== undefined
      ? {
          requirement,
          verdict: "fail",
          message: `after its session/cancel the client got a tool_call_update and stopReason cancelled, then ${crash ? `crashed (its output shows ${crash}); ` : ""}${describeExit(run)}; expected it to take both and end by itself`,
          evidence: { stderrTail: run.stderrTail },
        }
      : {
          requirement,
          verdict: "pass",
          message: `after its session/cancel the client took a tool_call_update and stopReason cancelled and ended by itself (${describeExit(run)})`,
        },
  );
}
