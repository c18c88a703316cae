/**
 * Rules of the agent's fs/* and terminal/* requests and of the lines it names, judged over
 * every scenario (recorded with the generic checks): fs requests name the session whose turn
 * runs, line numbers are 1-based, a killed terminal is still released, and a released terminal
 * is never used again. The fs and terminal rules are judged where the kit served them (it
 * advertised the capability); the kit's refusals of unadvertised calls are judged elsewhere.
 */
import type { IncomingMessage } from "../../kit/wire/connection.js";
import type { AgentRunRecord } from "./agent-run-record.js";
import { excerptAround } from "./evidence.js";
import { isSessionUpdate } from "./session-updates.js";
import { agentRequests, turnAt, turnWindows } from "./turn-windows.js";

const paramsOf = (call: IncomingMessage) =>
  ((call.message.kind === "request" ? call.message.params : undefined) ?? {}) as Record<string, unknown>;
const methodOf = (call: IncomingMessage) => (call.message.kind === "request" ? call.message.method : "");

/** The terminal calls the kit served, in the order they came. */
export function servedTerminalCalls(agent: AgentRunRecord): IncomingMessage[] {
  return agent.answers.servedCalls
    .filter((call) => methodOf(call).startsWith("terminal/"))
    .sort((a, b) => a.seq - b.seq);
}

/** Terminal ids the agent killed and had not released when the scenario ended. */
export function killedNeverReleased(agent: AgentRunRecord): string[] {
  const calls = servedTerminalCalls(agent);
  const idsOf = (method: string) =>
    calls.filter((call) => methodOf(call) === method).map((call) => paramsOf(call).terminalId);
  const released = idsOf("terminal/release");
  return [...new Set(idsOf("terminal/kill"))].filter((id) => !released.includes(id)).map(String);
}

export function recordClientCallChecks(agent: AgentRunRecord): void {
  const { context, transcript } = agent;
  const ranTurn = agent.turnsRun > 0;

  const windows = turnWindows(agent);
  const fsServed = agent.answers.servedCalls.filter((call) => methodOf(call).startsWith("fs/"));
  const elsewhere = fsServed.find((call) => !turnAt(windows, paramsOf(call).sessionId, call.seq));
  if (elsewhere)
    context.check({
      requirement: "agent.fs.names-its-session",
      verdict: "fail",
      message: `${methodOf(elsewhere)} named sessionId ${JSON.stringify(paramsOf(elsewhere).sessionId)}, which has no prompt turn running; it must name the session whose turn made it`,
      evidence: { transcript: excerptAround(transcript, elsewhere.seq) },
    });
  else if (fsServed.length > 0)
    context.check({
      requirement: "agent.fs.names-its-session",
      verdict: "pass",
      message: `${fsServed.length} fs/* request(s), each naming the session whose turn was running`,
    });
  else if (ranTurn && (agent.answers.offered.readTextFile || agent.answers.offered.writeTextFile))
    context.check({
      requirement: "agent.fs.names-its-session",
      verdict: "not-applicable",
      message: "the agent made no fs/* request in this scenario, though the kit advertised fs",
    });

  const lines: Array<{ where: string; line: unknown; seq: number }> = [];
  for (const { incoming, params } of agentRequests(agent, "fs/read_text_file"))
    if (params.line !== undefined && params.line !== null)
      lines.push({ where: "fs/read_text_file line", line: params.line, seq: incoming.seq });
  for (const incoming of agent.connection.received) {
    if (!isSessionUpdate(incoming)) continue;
    const update = (incoming.message as { params?: { update?: { locations?: unknown } } }).params?.update;
    if (!Array.isArray(update?.locations)) continue;
    for (const location of update.locations as Array<{ line?: unknown } | null>)
      if (location?.line !== undefined && location.line !== null)
        lines.push({ where: "tool call location line", line: location.line, seq: incoming.seq });
  }
  const zero = lines.find((entry) => entry.line === 0);
  if (zero)
    context.check({
      requirement: "agent.fs.one-based-lines",
      verdict: "fail",
      message: `the agent sent ${zero.where} 0; line numbers are 1-based, so the first line is 1`,
      evidence: { transcript: excerptAround(transcript, zero.seq) },
    });
  else if (lines.length > 0)
    context.check({
      requirement: "agent.fs.one-based-lines",
      verdict: "pass",
      message: `${lines.length} line number(s) the agent sent (${[...new Set(lines.map((entry) => entry.where))].join(", ")}), none 0`,
    });
  else if (ranTurn)
    context.check({
      requirement: "agent.fs.one-based-lines",
      verdict: "not-applicable",
      message:
        "the agent sent no line number in this scenario (no fs/read_text_file line, no tool call location line)",
    });

  const terminalCalls = servedTerminalCalls(agent);
  const offeredTerminal = ranTurn && agent.answers.offered.terminal === true;
  const kills = terminalCalls.filter((call) => methodOf(call) === "terminal/kill");
  const unreleased = killedNeverReleased(agent);
  if (unreleased.length > 0)
    context.check({
      requirement: "agent.terminal.release-after-kill",
      verdict: "fail",
      message: `the agent killed terminal(s) ${unreleased.join(", ")} and never released them; a killed terminal must still be released with terminal/release`,
      evidence: { transcript: excerptAround(transcript, kills.at(-1)!.seq) },
    });
  else if (kills.length > 0)
    context.check({
      requirement: "agent.terminal.release-after-kill",
      verdict: "pass",
      message: `every terminal the agent killed (${kills.length} terminal/kill) was released afterwards`,
    });
  else if (offeredTerminal)
    context.check({
      requirement: "agent.terminal.release-after-kill",
      verdict: "not-applicable",
      message: "the agent killed no terminal in this scenario",
    });

  const released = new Set<unknown>();
  let reuse: IncomingMessage | undefined;
  for (const call of terminalCalls) {
    const id = paramsOf(call).terminalId;
    if (released.has(id)) {
      reuse ??= call;
      continue;
    }
    if (methodOf(call) === "terminal/release") released.add(id);
  }
  if (reuse)
    context.check({
      requirement: "agent.terminal.no-use-after-release",
      verdict: "fail",
      message: `the agent sent ${methodOf(reuse)} for terminal ${JSON.stringify(paramsOf(reuse).terminalId)} after releasing it; a released terminal id is invalid for every terminal method`,
      evidence: { transcript: excerptAround(transcript, reuse.seq) },
    });
  else if (released.size > 0)
    context.check({
      requirement: "agent.terminal.no-use-after-release",
      verdict: "pass",
      message: `${released.size} terminal(s) released; none named again afterwards`,
    });
  else if (offeredTerminal)
    context.check({
      requirement: "agent.terminal.no-use-after-release",
      verdict: "not-applicable",
      message: "the agent released no terminal in this scenario",
    });
}
