/**
 * The mock client reaches the whole stable ACP surface: every session-management method,
 * authenticate, logout and $/cancel_request against the bundled reference agent, in-process
 * and as a spawned process (`acp-conformance peer client --script`), with the answers in its
 * observation log. (fs, terminals and elicitation: peers-client-services.test.ts.)
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ClientScript, ObservationLog } from "../../peers/index.js";
import { inProcess, removeScratchDirs, scratch, spawned } from "./mock-client-runs.js";
import { LONG_TURN_PROMPT, PLAIN_PROMPT } from "../../peers/reference/triggers.js";

afterEach(removeScratchDirs);

const answers = (log: ObservationLog, method: string) =>
  log.ofKind("response").filter((event) => event.method === method);

function sessionsScript(cwd: string): Omit<ClientScript, "role"> {
  return {
    clientCapabilities: { session: { configOptions: { boolean: {} } } },
    steps: [
      { initialize: {} },
      { authenticate: { methodId: "reference-login" } },
      { newSession: { cwd, as: "first" } },
      { prompt: { text: PLAIN_PROMPT } },
      { setMode: { modeId: "code" } },
      { setConfigOption: { configId: "model", value: "large" } },
      { setConfigOption: { configId: "brave_mode", value: true } },
      { newSession: { cwd, as: "second" } },
      { prompt: { text: PLAIN_PROMPT } },
      { newSession: { cwd } },
      { prompt: { text: PLAIN_PROMPT, session: "first" } }, // not the current session: named
      { listSessions: { cwd } },
      { listSessions: { cwd, nextPage: true } },
      { listSessions: { cwd, nextPage: true } }, // the last page had no cursor: nothing is sent
      { loadSession: { session: "first" } },
      { resumeSession: { session: "second" } },
      { closeSession: { session: "second" } },
      { deleteSession: { session: "first" } },
      { listSessions: { cwd } },
      { newSession: { cwd } },
      { prompt: { text: LONG_TURN_PROMPT, await: false } },
      { delay: 300 },
      { cancelRequest: { method: "session/prompt" } },
      { logout: {} },
    ],
  };
}

function expectSessionAnswers(log: ObservationLog): void {
  const errors = log.ofKind("response").filter((event) => event.error !== undefined);
  expect(errors).toEqual([]);
  expect(answers(log, "authenticate")[0]?.result).toEqual({});
  expect(answers(log, "session/set_mode")[0]?.result).toEqual({});
  const [model, brave] = answers(log, "session/set_config_option").map(
    (event) =>
      (event.result as { configOptions: Array<{ id: string; currentValue: unknown }> }).configOptions,
  );
  expect(model?.find((option) => option.id === "model")?.currentValue).toBe("large");
  expect(brave?.find((option) => option.id === "brave_mode")?.currentValue).toBe(true);
  const [first, second] = answers(log, "session/new").map(
    (event) => (event.result as { sessionId: string }).sessionId,
  );
  const lists = answers(log, "session/list").map(
    (event) => event.result as { sessions: Array<{ sessionId: string }>; nextCursor?: string },
  );
  expect(lists.map((page) => page.sessions.length)).toEqual([2, 1, 2]);
  expect(lists[0]?.nextCursor).toEqual(expect.any(String));
  expect(lists[1]?.nextCursor).toBeUndefined();
  // Deleted: the first is no longer listed; the closed second still is.
  expect(lists[2]?.sessions.map((session) => session.sessionId)).not.toContain(first);
  expect(lists[2]?.sessions.map((session) => session.sessionId)).toContain(second);
  // The load named the first session and got its history replayed; the resume named the second.
  const sent = log
    .ofKind("sent")
    .map((event) => JSON.parse(event.text) as { method?: string; params?: Record<string, unknown> });
  const params = (method: string) => sent.find((frame) => frame.method === method)?.params;
  expect(params("session/load")).toMatchObject({ sessionId: first });
  expect(params("session/resume")).toMatchObject({ sessionId: second });
  expect(params("session/close")).toEqual({ sessionId: second });
  expect(params("session/delete")).toEqual({ sessionId: first });
  const promptedFirst = sent.filter(
    (frame) => frame.method === "session/prompt" && frame.params?.sessionId === first,
  );
  expect(promptedFirst).toHaveLength(2);
  const replayed = log
    .receivedMessages()
    .filter(
      (frame) =>
        (frame.params as { update?: { sessionUpdate?: string } })?.update?.sessionUpdate ===
        "user_message_chunk",
    );
  expect(replayed.length).toBeGreaterThan(0);
  for (const method of ["session/load", "session/resume", "session/close", "session/delete", "logout"])
    expect(answers(log, method).map((event) => event.result)).toEqual([{}]);
  // $/cancel_request named the prompt still running, which then ended cancelled.
  const [cancelled] = log.ofKind("cancel-request");
  const prompts = answers(log, "session/prompt");
  expect(cancelled).toMatchObject({ method: "session/prompt", requestId: prompts.at(-1)?.id });
  expect(prompts.at(-1)?.result).toEqual({ stopReason: "cancelled" });
}

describe("the mock client drives every session method, auth, logout and $/cancel_request", () => {
  it("in-process, against the reference agent", async () => {
    expectSessionAnswers(await inProcess(sessionsScript(scratch())));
  }, 90_000);

  it("spawned through acp-conformance peer client --script, which spawns the reference agent", async () => {
    expectSessionAnswers(await spawned(sessionsScript(scratch()), scratch()));
  }, 90_000);
});
