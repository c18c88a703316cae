/**
 * session-matching, additional workspace roots: with sessionCapabilities.additionalDirectories
 * (and list), a session created with an absolute additional directory is listed, and every
 * additional directory the listing reports must be an absolute path. Reporting them is the
 * agent's choice (a MAY): a listing that reports none has nothing to judge.
 */
import { isAbsolute } from "node:path";
import { StopScenario, type Scenario } from "../../kit/scenario.js";
import { describeOutcome, excerptBetween } from "./evidence.js";
import { listAll } from "./session-listing.js";
import { judgeRootsNotRestored, ROOTS_NOT_RESTORED } from "./sessions-roots-reopen.js";
import {
  advertisedSessionSupport,
  recordNotApplicable,
  scenarioDir,
  startWithHome,
  withOwnHome,
} from "./session-requests.js";

const REQUIREMENT = "agent.session-matching.listed-roots-absolute";

export const additionalRootsScenario: Scenario = {
  id: "agent.session-matching.additional-roots",
  title: "session/new with an additional directory, then how session/list reports it",
  mode: "agent",
  requirements: [REQUIREMENT, ROOTS_NOT_RESTORED],
  async run(context) {
    const home = scenarioDir(context, "home-");
    const cwd = scenarioDir(context, "cwd-");
    const extra = scenarioDir(context, "root-");
    await withOwnHome(async () => {
      const agent = await startWithHome(context, home);
      const support = advertisedSessionSupport(await agent.handshake());
      if (!support.additionalDirectories || !support.list) {
        const missing = support.list
          ? "sessionCapabilities.additionalDirectories"
          : "sessionCapabilities.list";
        recordNotApplicable(
          context,
          [REQUIREMENT, ROOTS_NOT_RESTORED],
          `the agent does not advertise ${missing}`,
        );
        return;
      }
      const created = agent.guardAuth(
        await agent.request("session/new", { cwd, mcpServers: [], additionalDirectories: [extra] }),
      );
      const sessionId =
        created.kind === "response"
          ? (created.result as { sessionId?: unknown } | undefined)?.sessionId
          : undefined;
      if (typeof sessionId !== "string")
        throw new StopScenario(
          `session/new with additionalDirectories gave no session id: ${describeOutcome(created)}`,
        );
      // An agent may list only sessions with a history: give it one when the kit can steer a turn.
      if (context.options.prompts.prompt !== undefined)
        await agent.prompt(sessionId, context.options.prompts.prompt);

      const listing = await listAll(agent, cwd);
      const reported = listing.entries.flatMap((entry) => {
        const roots = (entry as { additionalDirectories?: unknown }).additionalDirectories;
        return Array.isArray(roots) ? (roots as unknown[]) : [];
      });
      if (listing.entries.length === 0 && listing.broken)
        throw new StopScenario(`session/list failed: ${listing.broken}`);
      if (reported.length === 0) {
        recordNotApplicable(
          context,
          [REQUIREMENT, ROOTS_NOT_RESTORED],
          "session/list reports no additionalDirectories (it may leave them out)",
        );
        return;
      }
      const relative = reported.filter((root) => typeof root !== "string" || !isAbsolute(root));
      context.check({
        requirement: REQUIREMENT,
        verdict: relative.length === 0 ? "pass" : "fail",
        message:
          relative.length === 0
            ? `every additional directory session/list reported is absolute (${reported.length})`
            : `every additionalDirectories path must be absolute; session/list reported ${relative.map((root) => JSON.stringify(root)).join(", ")}`,
        ...(relative.length === 0
          ? {}
          : {
              evidence: { transcript: excerptBetween(agent.transcript, listing.firstSeq, listing.lastSeq) },
            }),
      });
      await judgeRootsNotRestored(context, agent, support, sessionId, cwd);
    });
  },
};
