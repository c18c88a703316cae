/**
 * Sessions beyond session/new on v2 (session-setup.mdx, session-list.mdx, session-delete.mdx):
 * the kit's v2 agent holds two sessions from before the run (in the client's cwd, the first with
 * a conversation to replay) and advertises `session` (list, resume and close are baseline) with
 * delete and extra workspace roots. The client's command names the first session with
 * `{session}`; the client is judged on how it resumes it (session/resume, v2's replacement for
 * session/load, in the session's own cwd) and on the list, close and delete calls it makes, with
 * v1's checks (their requirements list `versions: [1, 2]`). No request field tells a client when
 * to list or close, so the run is named by ACP_CONFORMANCE_SCENARIO, the kit's test hook the
 * bundled clients read as their user opening the session history (as in cancel-while-asking).
 */
import { realpathSync } from "node:fs";
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { runClient } from "../driver.js";
import { exchanges } from "../session-exchanges.js";
import { checkClose, checkDelete, checkList, checkRoots } from "../session-method-checks.js";
import { checkReopenCwd, checkReopenParams } from "../session-reopen-checks.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

/** The scenario id the bundled v2 clients' session hook looks for. */
export const SESSIONS_V2 = "client.v2.sessions.history";

export const sessionsV2Scenario: Scenario = {
  id: SESSIONS_V2,
  title:
    "the v2 agent lists, resumes, closes and deletes sessions and takes extra roots; the client resumes the session {session} names",
  mode: "client",
  requirements: [
    "client.session-matching.resume-params",
    "client.session-matching.reopens-in-own-cwd",
    "client.session-matching.close-params",
    "client.session-matching.delete-params",
    "client.capabilities.roots-absolute",
    "client.capabilities.list-cwd-absolute",
    "client.capabilities.list-stops-without-cursor",
    "client.capabilities.list-cursor-opaque",
  ],
  async run(context) {
    const cwd = realpathSync(context.options.cwd); // the path a client's getcwd() gives
    const saved = [
      {
        sessionId: nonce("saved-session"),
        cwd,
        title: "An earlier conversation",
        history: [
          { role: "user" as const, text: "What did we decide yesterday?" },
          { role: "agent" as const, text: nonce("replayed") },
        ],
      },
      { sessionId: nonce("older-session"), cwd, title: "An older conversation" },
    ];
    const run = await runClient(
      context,
      agentScriptV2([{ message: nonce("session-turn") }, { stop: "end_turn" }], {
        initialize: {
          agentCapabilities: {
            session: { mcp: { stdio: {}, http: {} }, delete: {}, additionalDirectories: {} },
          },
        },
        savedSessions: saved,
        listPageSize: 1, // two sessions, two pages: a client that lists follows one cursor to the end
      }),
    );
    recordGenericClientV2Checks(context, run);
    const session = { run, all: exchanges(run), saved, version: 2 as const };
    checkReopenParams(context, "client.session-matching.resume-params", "session/resume", session);
    checkReopenCwd(context, "session/resume", session);
    checkClose(context, session);
    checkDelete(context, session);
    checkRoots(context, session);
    checkList(context, session);
  },
};
