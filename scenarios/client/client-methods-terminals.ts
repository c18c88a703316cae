/**
 * Terminal checks of a client that advertised terminal: what its terminals printed, kept and
 * reported against the commands the agent ran (terminals.mdx), and whether kill and release
 * really ended the command and the child it started, by the mock agent's scan of the command
 * lines (a shell and two sleeps carrying the run's marker). The probe's steps are named in
 * peers/agent/client-methods-probe.ts.
 */
import { realpathSync } from "node:fs";
import { join } from "node:path";
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { PROBE } from "../../peers/agent/client-methods-probe.js";
import {
  describeError,
  needSteps,
  resultOf,
  unansweredRequests,
  type ProbeRun,
  type ProbeStep,
} from "./client-methods-probe-run.js";
import { checkNotExercised } from "./shared-checks.js";
import { describeExit } from "./driver.js";

/** How long terminal/create of a 30 s command may take to answer. */
const CREATE_DEADLINE_MS = 10_000;

type Verdict = { fail: string } | { pass: string };

function judge(
  context: ScenarioContext,
  probe: ProbeRun,
  requirement: RequirementId,
  names: readonly string[],
  verdict: (steps: ProbeStep[]) => Verdict,
): void {
  const steps = needSteps(
    context,
    probe,
    requirement,
    { yes: probe.terminal === true, what: "terminal" },
    names,
  );
  if (!steps) return;
  const outcome = verdict(steps);
  context.check(
    "fail" in outcome
      ? { requirement, verdict: "fail", message: outcome.fail }
      : { requirement, verdict: "pass", message: outcome.pass },
  );
}

const realpath = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

const output = (step: ProbeStep): unknown => resultOf(step)?.output;

/** The failure of a step that should have succeeded, or undefined. */
function errored(step: ProbeStep): string | undefined {
  return step.error === undefined ? undefined : `${step.method} answered error ${describeError(step)}`;
}

function recordRun(context: ScenarioContext, probe: ProbeRun): void {
  judge(context, probe, "client.terminal.create-runs-command", ["run", "run-output"], ([create, out]) => {
    const failure = errored(create!) ?? errored(out!);
    if (failure) return { fail: `${failure} although the client advertised terminal` };
    const text = output(out!);
    if (typeof text !== "string") return { fail: `terminal/output answered ${JSON.stringify(out!.result)}` };
    const [pwd = "", env = ""] = text.split("\n");
    const cwd = join(probe.dir ?? "", PROBE.terminalCwd);
    if (realpath(pwd.trim()) !== realpath(cwd))
      return { fail: `sh -c 'pwd; ...' ran in ${JSON.stringify(pwd)}, not in the cwd given, ${cwd}` };
    if (env.trim() !== PROBE.envValue)
      return {
        fail: `the command saw ${PROBE.envName}=${JSON.stringify(env)}, not the env given (${JSON.stringify(PROBE.envValue)})`,
      };
    return { pass: `the command ran in the cwd given (${cwd}) with the env given (${PROBE.envName})` };
  });
}

function recordExitStatus(context: ScenarioContext, probe: ProbeRun): void {
  const names = ["run-wait", "run-output", "kill-output-running"];
  judge(context, probe, "client.terminal.exit-status", names, ([wait, out, running]) => {
    const failure = errored(wait!) ?? errored(out!) ?? errored(running!);
    if (failure) return { fail: failure };
    const waited = resultOf(wait!) ?? {};
    if (waited.exitCode !== PROBE.exitCode || (waited.signal ?? null) !== null)
      return {
        fail: `wait_for_exit of sh -c '...; exit ${PROBE.exitCode}' answered ${JSON.stringify(wait!.result)}, not exitCode ${PROBE.exitCode} and signal null`,
      };
    const status = resultOf(out!)?.exitStatus as { exitCode?: unknown } | undefined;
    if (status?.exitCode !== PROBE.exitCode)
      return {
        fail: `terminal/output after the command exited has exitStatus ${JSON.stringify(status)}, not exitCode ${PROBE.exitCode}`,
      };
    const early = resultOf(running!)?.exitStatus;
    if (early !== undefined && early !== null)
      return { fail: `terminal/output of a command still running has exitStatus ${JSON.stringify(early)}` };
    return {
      pass: `wait_for_exit answered exitCode ${PROBE.exitCode}, signal null; terminal/output had no exitStatus while the command ran and exitCode ${PROBE.exitCode} once it exited`,
    };
  });
}

function recordTruncation(context: ScenarioContext, probe: ProbeRun): void {
  const limit = PROBE.outputByteLimit;
  const printed = `START, 100 euro signs, END (308 bytes) with outputByteLimit ${limit}`;
  judge(context, probe, "client.terminal.output-truncated-from-start", ["truncate-output"], ([out]) => {
    const text = output(out!);
    if (typeof text !== "string")
      return { fail: errored(out!) ?? `terminal/output answered ${JSON.stringify(out!.result)}` };
    if (resultOf(out!)?.truncated !== true) return { fail: `${printed}: truncated is not true` };
    if (!text.endsWith("END") || text.includes("START"))
      return { fail: `${printed}: the output kept is ${JSON.stringify(text)}, not the newest bytes` };
    return { pass: `${printed}: the newest output was kept, the oldest dropped, truncated true` };
  });
  judge(context, probe, "client.terminal.truncation-on-char-boundary", ["truncate-output"], ([out]) => {
    const text = output(out!);
    if (typeof text !== "string")
      return { fail: errored(out!) ?? `terminal/output answered ${JSON.stringify(out!.result)}` };
    const bytes = Buffer.byteLength(text, "utf8");
    if (text.includes("\uFFFD"))
      return {
        fail: `${printed}: the output kept starts with a broken character: ${JSON.stringify(text.slice(0, 12))}...`,
      };
    if (bytes > limit || bytes < limit - 3)
      return {
        fail: `${printed}: ${bytes} bytes kept; a cut on the last character boundary keeps ${limit - 3} to ${limit}`,
      };
    return {
      pass: `${printed}: ${bytes} whole-character bytes kept (${JSON.stringify(PROBE.truncationKept) === JSON.stringify(text) ? "exactly the expected suffix" : "no broken character"})`,
    };
  });
}

function recordCreateTiming(context: ScenarioContext, probe: ProbeRun): void {
  const requirement = "client.terminal.create-returns-immediately";
  if (
    probe.terminal === true &&
    !probe.skipped &&
    !probe.steps.has("kill") &&
    unansweredRequests(probe.run, "terminal/create") > 0
  ) {
    context.check({
      requirement,
      verdict: "fail",
      message: `terminal/create of a shell running two 30 s sleeps got no answer before the run ended (${describeExit(probe.run)}); it must answer at once, not when the command ends`,
    });
    return;
  }
  // The scan that waits for the tree to show when there is one, else the one made at the answer.
  const scan = probe.steps.has("kill-before") ? "kill-before" : "kill-at-answer";
  judge(context, probe, requirement, ["kill", scan], ([create, before]) => {
    if (create!.error !== undefined)
      return { fail: `${errored(create!)} although the client advertised terminal` };
    const ms = create!.ms ?? 0;
    if (ms > CREATE_DEADLINE_MS)
      return {
        fail: `terminal/create of a 30 s command took ${ms} ms to answer (at most ${CREATE_DEADLINE_MS})`,
      };
    // Answered at once, the 30 s command is still running right after: a client that waited for its end is not.
    // Unseen by the scan while the client says it runs (no exitStatus yet), it runs where the kit cannot look.
    const running = probe.steps.get("kill-output-running");
    const saysRunning =
      running !== undefined && resultOf(running) !== undefined && !resultOf(running)!.exitStatus;
    if ((before!.alive?.length ?? 0) === 0 && !saysRunning)
      return {
        fail: `terminal/create of a shell running two 30 s sleeps answered after ${ms} ms, but the command was no longer running then: the answer waited for it to end (or it never ran)`,
      };
    return {
      pass: `terminal/create of a 30 s command answered with terminalId in ${ms} ms, the command still running`,
    };
  });
}

/** Whether the scan before showed the tree (a shell and two sleeps); if not, a scan after proves nothing. */
function treeShown(context: ScenarioContext, requirement: RequirementId, before: ProbeStep): boolean {
  if ((before.alive?.length ?? 0) >= 3) return true;
  checkNotExercised(
    context,
    requirement,
    `the command's tree never showed in the process scan (${JSON.stringify(before.alive)}), so its end cannot be seen`,
  );
  return false;
}

function recordKill(context: ScenarioContext, probe: ProbeRun): void {
  const tree = "client.terminal.kill-ends-tree";
  const before = probe.steps.get("kill-before");
  if (!before || treeShown(context, tree, before))
    judge(context, probe, tree, ["kill-kill", "kill-after"], ([kill, after]) => {
      if (kill!.error !== undefined) return { fail: `${errored(kill!)}` };
      return after!.alive!.length > 0
        ? {
            fail: `${PROBE.scanGraceMs} ms after terminal/kill answered, still running: ${after!.alive!.join("; ")}`,
          }
        : {
            pass: "after terminal/kill, the shell and both shells it started (each waiting on a sleep) were gone",
          };
    });
  judge(
    context,
    probe,
    "client.terminal.kill-keeps-terminal",
    ["kill-output-after", "kill-wait-after"],
    ([out, wait]) => {
      const failure = errored(out!) ?? errored(wait!);
      return failure
        ? { fail: `after terminal/kill, ${failure}: the terminal id must stay valid until release` }
        : { pass: "after terminal/kill, terminal/output and wait_for_exit still answered for that terminal" };
    },
  );
}

function recordRelease(context: ScenarioContext, probe: ProbeRun): void {
  const tree = "client.terminal.release-ends-tree";
  const before = probe.steps.get("release-before");
  if (!before || treeShown(context, tree, before))
    judge(context, probe, tree, ["release-release", "release-after"], ([release, after]) => {
      if (release!.error !== undefined) return { fail: `${errored(release!)}` };
      return after!.alive!.length > 0
        ? {
            fail: `${PROBE.scanGraceMs} ms after terminal/release answered, still running: ${after!.alive!.join("; ")}`,
          }
        : {
            pass: "terminal/release of a running command ended the shell and both shells it started (each waiting on a sleep)",
          };
    });
  judge(context, probe, "client.terminal.release-invalidates", ["release-output-after"], ([out]) =>
    out!.error !== undefined
      ? { pass: `terminal/output after release got an error (${describeError(out!)})` }
      : {
          fail: `terminal/output after release answered ${JSON.stringify(out!.result).slice(0, 200)}, not an error`,
        },
  );
}

export function recordTerminalChecks(context: ScenarioContext, probe: ProbeRun): void {
  recordRun(context, probe);
  recordExitStatus(context, probe);
  recordTruncation(context, probe);
  recordCreateTiming(context, probe);
  recordKill(context, probe);
  recordRelease(context, probe);
}
