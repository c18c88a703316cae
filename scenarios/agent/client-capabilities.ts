/**
 * What the fs and terminal scenarios share: offering client capabilities for one scenario
 * (and serving them for real), filling a steering prompt's {path}, the paths an agent named
 * during a turn, and the two path checks every such scenario records.
 */
import type { IncomingMessage } from "../../kit/wire/connection.js";
import { isAbsolute } from "node:path";
import type { OfferedCapabilities } from "./agent-requests.js";
import type { AgentUnderTest, Turn } from "./driver.js";
import { excerptAround } from "./evidence.js";
import { KitFileSystem, SessionRoot } from "./serve-fs.js";
import { KitTerminals } from "./serve-terminals.js";
import { updateKind } from "./session-updates.js";
import { judgeProcessCwdPaths } from "./session-cwd-checks.js";

/** Advertises exactly `offered` in the handshake and serves it in the scenario's session directory. */
export function offerCapabilities(
  agent: AgentUnderTest,
  offered: OfferedCapabilities,
): { fileSystem: KitFileSystem; terminals: KitTerminals } {
  const fileSystem = new KitFileSystem(agent.sessionCwd);
  const terminals = new KitTerminals(agent.sessionCwd, agent.context.runId);
  agent.answers.offered = offered;
  agent.answers.fileSystem = fileSystem;
  agent.answers.terminals = terminals;
  // A real agent may ask before it edits a file or runs a command: allowing lets the turn reach the client call.
  agent.answers.permissionPolicy = "allow";
  // Registered after the agent's own teardown, so it runs first: no terminal outlives the scenario.
  agent.context.defer(() => terminals.releaseAll());
  return { fileSystem, terminals };
}

/** The steering prompt with {path} filled in; a prompt without the placeholder gets the path appended. */
export function fillPath(prompt: string, path: string): string {
  return prompt.includes("{path}") ? prompt.replaceAll("{path}", path) : `${prompt} ${path}`;
}

const paramsOf = (incoming: IncomingMessage) =>
  (incoming.message.kind === "request" || incoming.message.kind === "notification"
    ? (incoming.message.params ?? {})
    : {}) as Record<string, unknown>;

/** The agent's fs/* and terminal/* requests during the turn, served or not. */
export function clientCalls(
  agent: AgentUnderTest,
  turn: Turn,
  prefix: "fs/" | "terminal/",
): IncomingMessage[] {
  const { servedCalls, fsCalls, terminalCalls } = agent.answers;
  return [...servedCalls, ...fsCalls, ...terminalCalls]
    .filter(
      (call) =>
        call.seq > turn.request.seq &&
        call.seq < turn.endSeq &&
        call.message.kind === "request" &&
        call.message.method.startsWith(prefix),
    )
    .sort((a, b) => a.seq - b.seq);
}

export function methodOf(call: IncomingMessage): string {
  return call.message.kind === "request" ? call.message.method : "";
}

export interface NamedPath {
  /** Where the agent named it: "fs/read_text_file path", "tool call location", "terminal/create cwd". */
  where: string;
  path: unknown;
  seq: number;
}

/** Every path the agent named during the turn: fs request paths, tool-call locations, terminal cwds. */
export function namedPaths(agent: AgentUnderTest, turn: Turn): NamedPath[] {
  const named: NamedPath[] = [];
  for (const call of clientCalls(agent, turn, "fs/"))
    named.push({ where: `${methodOf(call)} path`, path: paramsOf(call).path, seq: call.seq });
  for (const update of turn.updates) {
    const kind = updateKind(update);
    if (kind !== "tool_call" && kind !== "tool_call_update") continue;
    const body = (paramsOf(update).update ?? {}) as { locations?: unknown };
    if (!Array.isArray(body.locations)) continue;
    for (const location of body.locations)
      named.push({
        where: "tool call location",
        path: (location as { path?: unknown })?.path,
        seq: update.seq,
      });
  }
  for (const call of clientCalls(agent, turn, "terminal/")) {
    const cwd = paramsOf(call).cwd;
    if (methodOf(call) === "terminal/create" && cwd !== undefined && cwd !== null)
      named.push({ where: "terminal/create cwd", path: cwd, seq: call.seq });
  }
  return named;
}

/** agent.fs.paths-absolute and agent.fs.paths-inside-session-cwd for one turn. */
export function checkNamedPaths(agent: AgentUnderTest, turn: Turn): void {
  const { context } = agent;
  const named = namedPaths(agent, turn).filter((entry) => typeof entry.path === "string");
  // A terminal's cwd has a requirement of its own (agent.terminal.cwd-absolute).
  const files = named.filter((entry) => entry.where !== "terminal/create cwd");
  const relative = files.find((entry) => !isAbsolute(entry.path as string));
  if (relative)
    context.check({
      requirement: "agent.fs.paths-absolute",
      verdict: "fail",
      message: `the ${relative.where} ${JSON.stringify(relative.path)} is not an absolute path`,
      evidence: { transcript: excerptAround(agent.transcript, relative.seq) },
    });
  else
    context.check(
      files.length > 0
        ? {
            requirement: "agent.fs.paths-absolute",
            verdict: "pass",
            message: `all ${files.length} file path(s) the agent named were absolute (${[...new Set(files.map((entry) => entry.where))].join(", ")})`,
          }
        : {
            requirement: "agent.fs.paths-absolute",
            verdict: "not-applicable",
            message: "the agent named no file path in the turn (no fs/* request, no tool-call location)",
          },
    );

  // Relative paths are judged above; inside-or-not is asked of absolute ones only, once those in
  // the agent's own process directory were reported as their cause (session-cwd-checks.ts).
  const absolute = judgeProcessCwdPaths(
    agent,
    named.filter((entry) => isAbsolute(entry.path as string)),
  );
  const root = new SessionRoot(agent.sessionCwd);
  const outside = absolute.find((entry) => !root.contains(entry.path as string));
  if (outside)
    context.check({
      requirement: "agent.fs.paths-inside-session-cwd",
      verdict: "fail",
      message: `the ${outside.where} ${JSON.stringify(outside.path)} is outside the session's cwd ${agent.sessionCwd}, though the prompt asked only about a path inside it`,
      evidence: { transcript: excerptAround(agent.transcript, outside.seq) },
    });
  else
    context.check(
      absolute.length > 0
        ? {
            requirement: "agent.fs.paths-inside-session-cwd",
            verdict: "pass",
            message: `all ${absolute.length} absolute path(s) the agent named lie inside the session's cwd`,
          }
        : {
            requirement: "agent.fs.paths-inside-session-cwd",
            verdict: "not-applicable",
            message: "the agent named no absolute path in the turn",
          },
    );
}

/** All the text the agent reported in the turn's updates (messages, tool call content, titles). */
export function reportedText(turn: Turn): string {
  return turn.updates.map((update) => JSON.stringify(paramsOf(update).update ?? {})).join("\n");
}
