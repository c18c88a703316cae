/**
 * cleanup: close the agent's stdin the way a client ends a session, then check that the agent
 * exits by itself and that nothing it started outlives it. Survivors are named with pid and
 * command line; the teardown ladder then ends them, so the kit leaks nothing either way.
 */
import { sleep, withTimeout } from "../../kit/time.js";
import type { Scenario } from "../../kit/scenario.js";
import { survivorEvidence } from "../../kit/process/tree.js";
import { AgentUnderTest } from "./driver.js";
import { closeGraceFor, judgedInPreflightCheck, stdinEndIgnoredInPreflight } from "./stdin-end-learned.js";
import { BlockedScenario } from "../../kit/scenario.js";

/** Descendants get this long after the agent's exit to finish exiting themselves. */
const SETTLE_MS = 1_000;

export const stdinCloseScenario: Scenario = {
  id: "agent.cleanup.stdin-close",
  title: "the agent's stdin is closed after a session",
  mode: "agent",
  requirements: ["agent.cleanup.exits-on-stdin-close", "agent.cleanup.no-surviving-descendants"],
  async run(context) {
    // How an agent ends does not need its answers: this runs even when the preflight found none usable.
    const agent = await AgentUnderTest.start(context, { evenIfBlocked: true });
    const blocker = context.preflight.blocker?.scope;
    if (blocker !== "initialize") await agent.handshake();
    // A session and a turn make an agent start whatever it starts (tools, MCP servers), when it can have them.
    // (A turn the preflight saw go unanswered is not tried again.)
    const sessionId = blocker === undefined || blocker === "turns" ? await agent.tryNewSession() : undefined;
    if (sessionId !== undefined && blocker === undefined && context.options.prompts.prompt !== undefined) {
      await agent.prompt(sessionId, context.options.prompts.prompt).catch((error: unknown) => {
        if (!(error instanceof BlockedScenario)) throw error;
      });
    }
    const seenEarlier = agent.descendants();
    const { closeGraceMs } = context.options;
    agent.target.closeStdin();
    const exit = await withTimeout(agent.target.exited, closeGraceFor(context));
    if (exit) {
      context.check({
        requirement: "agent.cleanup.exits-on-stdin-close",
        verdict: "pass",
        message: `the agent exited ${exit.code === null ? `by ${exit.signal}` : `with code ${exit.code}`} after its stdin closed`,
      });
    } else {
      context.check(
        stdinEndIgnoredInPreflight(context)
          ? judgedInPreflightCheck(context)
          : {
              requirement: "agent.cleanup.exits-on-stdin-close",
              verdict: "fail",
              message: `the agent was still running ${closeGraceMs} ms after its stdin closed (--close-grace); the kit had to signal it`,
              evidence: {
                processes: survivorEvidence(agent.descendants(seenEarlier)),
                stderrTail: agent.target.stderrTail(),
              },
            },
      );
      // End the agent's group ourselves, without the teardown's sweep: escaped descendants must stay visible to the check below.
      agent.target.signalGroup("SIGTERM");
      if (!(await withTimeout(agent.target.exited, 2_000))) {
        agent.target.signalGroup("SIGKILL");
        await agent.target.exited;
      }
    }
    let survivors = agent.descendants(seenEarlier);
    const deadline = Date.now() + SETTLE_MS;
    while (survivors.length > 0 && Date.now() < deadline) {
      await sleep(50);
      survivors = agent.descendants(seenEarlier);
    }
    if (survivors.length > 0) {
      context.check({
        requirement: "agent.cleanup.no-surviving-descendants",
        verdict: "fail",
        message: `${survivors.length} process(es) the agent started were alive ${SETTLE_MS} ms after it exited: ${survivors.map((info) => `pid ${info.pid} (${info.command})`).join(", ")}`,
        evidence: { processes: survivorEvidence(survivors) },
      });
    } else {
      const watched =
        seenEarlier.length > 0
          ? ` (${seenEarlier.length} descendant(s) were running before stdin closed)`
          : "";
      context.check({
        requirement: "agent.cleanup.no-surviving-descendants",
        verdict: "pass",
        message: `no descendant of the agent outlived it${watched}`,
      });
    }
  },
};
