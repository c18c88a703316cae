/**
 * The terminal login as a client runs it: the agent's own command with the method's args
 * appended and its env applied, here with no user at the terminal. The kit writes initialize
 * to it, as it would to an ACP server, and watches: an answer means the args left the ACP
 * server running; an exit means a login-only flow that finished by itself; silence until the
 * deadline means a flow waiting for its user. Nothing it prints is judged as ACP.
 */
import { TargetProcess, targetMarker } from "../../kit/process/target.js";
import { tearDown } from "../../kit/process/teardown.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { MAX_FRAME_BYTES } from "../../kit/run-options.js";
import { sleep } from "../../kit/time.js";
import { defaultInitializeParams } from "./agent-requests.js";

export interface TerminalMethod {
  id: string;
  args: string[];
  env: Record<string, string>;
}

export type LoginOutcome =
  | { kind: "served-acp"; line: string }
  | { kind: "exited"; code: number | null; signal: string | null; output: string }
  | { kind: "waiting"; output: string };

/** The terminal methods of an authMethods list, with their args and env read defensively. */
export function terminalMethods(authMethods: unknown): TerminalMethod[] {
  if (!Array.isArray(authMethods)) return [];
  return authMethods
    .filter((method): method is Record<string, unknown> => method?.type === "terminal")
    .map((method) => ({
      id: String(method.id),
      args: Array.isArray(method.args) ? method.args.map(String) : [],
      env:
        method.env && typeof method.env === "object"
          ? Object.fromEntries(Object.entries(method.env).map(([key, value]) => [key, String(value)]))
          : {},
    }));
}

const INITIALIZE_ID = "kit-terminal-login-probe";

/** Runs the terminal login and reports what it did within the startup deadline. */
export async function runTerminalLogin(
  context: ScenarioContext,
  method: TerminalMethod,
): Promise<LoginOutcome> {
  const target = await TargetProcess.spawn({
    command: context.target.command,
    args: [...context.target.args, ...method.args],
    cwd: context.options.cwd,
    // The method's env overrides same-named variables of the base launch configuration.
    env: { ...context.options.env, ACP_CONFORMANCE_SCENARIO: context.scenarioId, ...method.env },
    marker: targetMarker(context.runId),
    maxLineBytes: MAX_FRAME_BYTES,
  });
  const lines: string[] = [];
  let answer: string | undefined;
  target.onStdoutItem((item) => {
    if (item.kind !== "line") return;
    if (lines.length < 20) lines.push(item.text);
    try {
      const frame = JSON.parse(item.text) as { id?: unknown; result?: unknown; error?: unknown };
      if (frame.id === INITIALIZE_ID && ("result" in frame || "error" in frame)) answer = item.text;
    } catch {
      // A login flow prints what it likes; only an answer to the kit's initialize matters.
    }
  });
  try {
    const request = {
      jsonrpc: "2.0",
      id: INITIALIZE_ID,
      method: "initialize",
      params: defaultInitializeParams(),
    };
    await target.write(`${JSON.stringify(request)}\n`, context.options.timeoutMs);
    const deadline = Date.now() + context.options.startupTimeoutMs + context.options.timeoutMs;
    while (answer === undefined && target.alive && Date.now() < deadline)
      await Promise.race([target.exited, sleep(50)]);
    const output = lines.join("\n").slice(0, 2_000);
    if (answer !== undefined) return { kind: "served-acp", line: answer.slice(0, 2_000) };
    if (!target.alive) {
      const exit = target.exitInfo!;
      return { kind: "exited", code: exit.code, signal: exit.signal, output };
    }
    return { kind: "waiting", output };
  } finally {
    await tearDown(target, { closeGraceMs: context.options.closeGraceMs, termGraceMs: 2_000 });
  }
}
