/**
 * session-matching, additional roots are not restored implicitly: a session created with an
 * additional directory and then resumed (or, without resume, loaded) without one has no
 * additional roots, so session/list reports none for it. Recorded by the additional-roots
 * scenario (sessions-roots.ts) once the listing showed that the agent reports roots at all.
 */
import type { ScenarioContext } from "../../kit/scenario.js";
import type { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptBetween } from "./evidence.js";
import { listAll } from "./session-listing.js";
import { recordNotApplicable, type SessionSupport } from "./session-requests.js";

export const ROOTS_NOT_RESTORED = "agent.session-matching.roots-not-restored";

export async function judgeRootsNotRestored(
  context: ScenarioContext,
  agent: AgentUnderTest,
  support: SessionSupport,
  sessionId: string,
  cwd: string,
): Promise<void> {
  const method = support.resume ? "session/resume" : support.load ? "session/load" : undefined;
  if (!method) {
    recordNotApplicable(
      context,
      [ROOTS_NOT_RESTORED],
      "the agent advertises neither sessionCapabilities.resume nor loadSession",
    );
    return;
  }
  const reopened = await agent.request(method, { sessionId, cwd, mcpServers: [] });
  if (reopened.kind !== "response" || reopened.error) {
    context.check({
      requirement: ROOTS_NOT_RESTORED,
      verdict: "not-tested",
      message: `${method} of the session without additionalDirectories failed (${describeOutcome(reopened)}), so there is no reopened session to list`,
    });
    return;
  }
  const listing = await listAll(agent, cwd);
  const entry = listing.entries.find((listed) => listed.sessionId === sessionId);
  if (!entry) {
    context.check({
      requirement: ROOTS_NOT_RESTORED,
      verdict: "not-tested",
      message: `session/list after ${method} did not list the session (${listing.broken ?? "it was left out"})`,
    });
    return;
  }
  const roots = (entry as { additionalDirectories?: unknown }).additionalDirectories;
  const restored = Array.isArray(roots) && roots.length > 0;
  context.check({
    requirement: ROOTS_NOT_RESTORED,
    verdict: restored ? "fail" : "pass",
    message: restored
      ? `after ${method} without additionalDirectories, session/list still reports ${JSON.stringify(roots)}: omitting the field must activate no additional roots, not restore the stored ones`
      : `after ${method} without additionalDirectories, session/list reports no additional roots for the session`,
    ...(restored
      ? { evidence: { transcript: excerptBetween(agent.transcript, reopened.request.seq, listing.lastSeq) } }
      : {}),
  });
}
