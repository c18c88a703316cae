/**
 * terminal: the kit advertises terminal, runs what the agent asks in real child processes (each
 * in its own group, killed at release and at the scenario's end), and steers the agent
 * (--terminal-prompt) to run a short command in the session directory. An agent that creates
 * no terminal here is not applicable, not failed.
 */
import { isAbsolute } from "node:path";
import type { Scenario } from "../../kit/scenario.js";
import {
  checkNamedPaths,
  clientCalls,
  fillPath,
  methodOf,
  offerCapabilities,
} from "./client-capabilities.js";
import { killedNeverReleased } from "./client-call-checks.js";
import { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptAround, excerptBetween } from "./evidence.js";

const cwdParam = (call: { message: unknown }) => (call.message as { params?: { cwd?: unknown } }).params?.cwd;

export const terminalScenario: Scenario = {
  id: "agent.terminal.run-command",
  title: "asked to run a command, with terminal advertised",
  mode: "agent",
  requirements: [
    "agent.terminal.cwd-absolute",
    "agent.terminal.released-in-turn",
    "agent.fs.paths-absolute",
    "agent.fs.paths-inside-session-cwd",
    // Recorded over every scenario (tool-call-checks.ts, client-call-checks.ts); a command run is what they need to see.
    "agent.terminal.embedded-terminal-created",
    "agent.terminal.release-after-kill",
    "agent.terminal.no-use-after-release",
    "agent.session-matching.session-cwd-used",
  ],
  needs: ["terminal-prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    const { terminals } = offerCapabilities(agent, { terminal: true });
    await agent.handshake();
    const sessionId = await agent.newSession();
    const turn = await agent.prompt(
      sessionId,
      fillPath(context.options.prompts.terminalPrompt!, agent.sessionCwd),
    );
    agent.ownDeadline.add(turn.request);
    // Taken when the response arrived: a release the agent sends after it is one the turn did not make.
    const openAtResponse = terminals.open;
    // A killed terminal never released at all is agent.terminal.release-after-kill's failure (a must), not this one's.
    await agent.settle();
    const neverReleasedKilled = new Set(killedNeverReleased(agent));
    const openAtEnd = openAtResponse.filter((id) => !neverReleasedKilled.has(id));
    checkNamedPaths(agent, turn);

    const creates = clientCalls(agent, turn, "terminal/").filter(
      (call) => methodOf(call) === "terminal/create",
    );
    const withCwd = creates.filter((call) => cwdParam(call) !== undefined && cwdParam(call) !== null);
    const relative = withCwd.find(
      (call) => typeof cwdParam(call) !== "string" || !isAbsolute(cwdParam(call) as string),
    );
    if (relative)
      context.check({
        requirement: "agent.terminal.cwd-absolute",
        verdict: "fail",
        message: `terminal/create named cwd ${JSON.stringify(cwdParam(relative))}, which is not an absolute path`,
        evidence: { transcript: excerptAround(agent.transcript, relative.seq) },
      });
    else
      context.check(
        withCwd.length > 0
          ? {
              requirement: "agent.terminal.cwd-absolute",
              verdict: "pass",
              message: `all ${withCwd.length} terminal/create request(s) named an absolute cwd`,
            }
          : {
              requirement: "agent.terminal.cwd-absolute",
              verdict: "not-applicable",
              message:
                creates.length > 0
                  ? `the agent's ${creates.length} terminal/create request(s) named no cwd (the client's default applies)`
                  : "the agent created no terminal in the turn: it does not run commands through the client here",
            },
      );

    if (terminals.created === neverReleasedKilled.size)
      context.check({
        requirement: "agent.terminal.released-in-turn",
        verdict: "not-applicable",
        message:
          terminals.created === 0
            ? "the kit started no terminal for the agent in the turn"
            : "every terminal the agent created it killed and never released (judged by agent.terminal.release-after-kill)",
      });
    else if (turn.outcome.kind !== "response")
      context.check({
        requirement: "agent.terminal.released-in-turn",
        verdict: "not-tested",
        message: `the turn did not end (${describeOutcome(turn.outcome)}), so there is no end to judge releases at`,
      });
    else if (openAtEnd.length > 0)
      context.check({
        requirement: "agent.terminal.released-in-turn",
        verdict: "fail",
        message: `${openAtEnd.length} of ${terminals.created} terminal(s) the agent created were not released when the turn ended (${openAtEnd.join(", ")}); the kit killed them at the scenario's end`,
        evidence: { transcript: excerptBetween(agent.transcript, turn.request.seq, turn.endSeq) },
      });
    else
      context.check({
        requirement: "agent.terminal.released-in-turn",
        verdict: "pass",
        message: `all ${terminals.created} terminal(s) the agent created were released before the turn's response`,
      });
  },
};
