/**
 * Sessions beyond session/new: the kit's agent holds two sessions from before the run (in the
 * client's working directory, the first with a conversation to replay) and advertises, per
 * scenario, loading, resuming, listing, closing, deleting and extra workspace roots. The
 * client's command names the first session with `{session}` (saved-session.ts); the client is
 * judged on how it reopens it, and on the list, close and delete calls it makes on its own.
 */
import { realpathSync } from "node:fs";
import type { RequirementId } from "../../kit/requirements/index.js";
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import type { SavedSession } from "../../peers/script-types.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { runClient } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { exchanges } from "./session-exchanges.js";
import { checkClose, checkDelete, checkList, checkRoots } from "./session-method-checks.js";
import {
  checkReopenCwd,
  checkReopenParams,
  checkReplayShown,
  type SessionRun,
} from "./session-reopen-checks.js";

/** Two saved sessions, one page each, so a client that lists follows one cursor to the end. */
function savedSessions(context: ScenarioContext, replayText: string): SavedSession[] {
  // The path a client's getcwd() gives, symlinks resolved.
  const cwd = realpathSync(context.options.cwd);
  return [
    {
      sessionId: nonce("saved-session"),
      cwd,
      title: "An earlier conversation",
      history: [
        { role: "user", text: "What did we decide yesterday?" },
        { role: "agent", text: replayText },
      ],
    },
    { sessionId: nonce("older-session"), cwd, title: "An older conversation" },
  ];
}

async function runSessions(
  context: ScenarioContext,
  agentCapabilities: Record<string, unknown>,
): Promise<SessionRun & { replayText: string; turnText: string }> {
  const replayText = nonce("replayed");
  const turnText = nonce("session-turn");
  const saved = savedSessions(context, replayText);
  const run = await runClient(
    context,
    agentScript([{ message: turnText }, { stop: "end_turn" }], {
      initialize: { agentCapabilities },
      savedSessions: saved,
      listPageSize: 1,
    }),
  );
  recordGenericClientChecks(context, run);
  return { run, all: exchanges(run), saved, replayText, turnText };
}

const LIST: RequirementId[] = [
  "client.capabilities.list-cwd-absolute",
  "client.capabilities.list-stops-without-cursor",
  "client.capabilities.list-cursor-opaque",
];

export const sessionLoadScenario: Scenario = {
  id: "client.sessions.load",
  title:
    "the agent can load, list and close sessions and take extra roots; the client loads the session {session} names and shows its replay",
  mode: "client",
  requirements: [
    "client.session-matching.load-params",
    "client.events.shows-replay",
    "client.session-matching.reopens-in-own-cwd",
    "client.session-matching.close-params",
    "client.capabilities.roots-absolute",
    ...LIST,
  ],
  async run(context) {
    const session = await runSessions(context, {
      loadSession: true,
      sessionCapabilities: { list: {}, close: {}, additionalDirectories: {} },
    });
    checkReopenParams(context, "client.session-matching.load-params", "session/load", session);
    checkReplayShown(context, session, session.replayText, session.turnText);
    checkReopenCwd(context, "session/load", session);
    checkClose(context, session);
    checkRoots(context, session);
    checkList(context, session);
  },
};

export const sessionResumeScenario: Scenario = {
  id: "client.sessions.resume",
  title:
    "the agent can resume and close sessions and take extra roots; the client resumes the session {session} names",
  mode: "client",
  requirements: [
    "client.session-matching.resume-params",
    "client.session-matching.reopens-in-own-cwd",
    "client.session-matching.close-params",
    "client.capabilities.roots-absolute",
  ],
  async run(context) {
    const session = await runSessions(context, {
      sessionCapabilities: { resume: {}, close: {}, additionalDirectories: {} },
    });
    checkReopenParams(context, "client.session-matching.resume-params", "session/resume", session);
    checkReopenCwd(context, "session/resume", session);
    checkClose(context, session);
    checkRoots(context, session);
  },
};

export const sessionDeleteScenario: Scenario = {
  id: "client.sessions.delete",
  title:
    "the agent can list, close and delete sessions and take extra roots, but not reopen one; the client's own calls are well-formed",
  mode: "client",
  requirements: [
    "client.session-matching.delete-params",
    "client.session-matching.close-params",
    "client.capabilities.roots-absolute",
    ...LIST,
  ],
  async run(context) {
    const session = await runSessions(context, {
      sessionCapabilities: { list: {}, close: {}, delete: {}, additionalDirectories: {} },
    });
    checkDelete(context, session);
    checkClose(context, session);
    checkRoots(context, session);
    checkList(context, session);
  },
};

/**
 * Client mode only: a runtime's acp transport runs each task on a new session of its own, and
 * no request field names a session to reopen or says when to list, close or delete.
 */
export const SESSION_SCENARIOS: readonly Scenario[] = [
  sessionLoadScenario,
  sessionResumeScenario,
  sessionDeleteScenario,
];
