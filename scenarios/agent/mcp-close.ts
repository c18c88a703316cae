/**
 * Whether the stdio MCP servers an agent started for a session stop when session/close frees
 * it. Only for an agent that advertises sessionCapabilities.close, and only once the server was
 * seen running (its own record names its pid).
 */
import { processInfo } from "../../kit/process/tree.js";
import type { AgentUnderTest } from "./driver.js";
import { notApplicable } from "./driver-extras.js";
import { describeOutcome, excerptAround } from "./evidence.js";
import { type StdioStub, waitFor } from "./mcp-stubs.js";

const REQUIREMENT = "agent.cleanup.mcp-servers-stopped-on-close";

export async function checkStoppedOnClose(
  agent: AgentUnderTest,
  initializeResult: Record<string, unknown>,
  sessionId: string,
  server: StdioStub,
): Promise<void> {
  const { context } = agent;
  const close = (
    initializeResult.agentCapabilities as { sessionCapabilities?: { close?: unknown } } | undefined
  )?.sessionCapabilities?.close;
  if (close === undefined || close === null) {
    notApplicable(context, [REQUIREMENT], "the agent does not advertise sessionCapabilities.close");
    return;
  }
  const pid = server.records().find((record) => record.event === "started")?.pid;
  if (pid === undefined || processInfo(pid) === undefined) {
    context.check({
      requirement: REQUIREMENT,
      verdict: "not-tested",
      message: `the stdio MCP server "${server.name}" was not running before session/close, so its stopping tells nothing`,
    });
    return;
  }
  const outcome = await agent.request("session/close", { sessionId });
  if (outcome.kind !== "response" || outcome.error) {
    context.check({
      requirement: REQUIREMENT,
      verdict: "not-tested",
      message: `session/close got ${describeOutcome(outcome)} (the session-close checks judge that), so the session was not freed`,
    });
    return;
  }
  const waitMs = agent.answerWaitMs;
  const gone = await waitFor(() => processInfo(pid) === undefined, waitMs, context.signal);
  const survivor = processInfo(pid);
  context.check(
    gone
      ? {
          requirement: REQUIREMENT,
          verdict: "pass",
          message: `the stdio MCP server started for session ${sessionId} was gone after session/close`,
        }
      : {
          requirement: REQUIREMENT,
          verdict: "fail",
          message: `the stdio MCP server "${server.name}" (pid ${pid}) started for session ${sessionId} was still running ${waitMs} ms after session/close answered`,
          evidence: {
            transcript: excerptAround(agent.transcript, outcome.response.seq),
            ...(survivor
              ? { details: { pid: survivor.pid, state: survivor.state, command: survivor.command } }
              : {}),
          },
        },
  );
}
