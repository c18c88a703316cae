/**
 * What the mock agent's probeClientMethods action recorded in one client run, read for the
 * checks of client-methods-fs.ts and client-methods-terminals.ts: each step's answer by name,
 * what the client advertised, and why a step that never came is missing.
 */
import type { PeerEvent } from "../../peers/observation-log.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import type { RequirementId } from "../../kit/requirements/index.js";
import { clientMessages, describeExit, type ClientRun } from "./driver.js";
import { checkNotExercised } from "./shared-checks.js";

export type ProbeStep = Extract<PeerEvent, { kind: "probe" }>;

export interface ProbeRun {
  run: ClientRun;
  /** Each logged step by name. */
  steps: Map<string, ProbeStep>;
  /** Why the probe did nothing at all, when it did nothing (it could not write under the session cwd). */
  skipped: string | undefined;
  /** The directory the probe made under the session cwd, with the files it compares against. */
  dir: string | undefined;
  fs: { readTextFile?: unknown; writeTextFile?: unknown } | undefined;
  terminal: unknown;
}

export function readProbeRun(run: ClientRun): ProbeRun {
  const steps = new Map<string, ProbeStep>();
  for (const event of run.events) if (event.kind === "probe") steps.set(event.step, event);
  const initialize = clientMessages(run).find((message) => message.method === "initialize");
  const capabilities = ((initialize?.params as { clientCapabilities?: Record<string, unknown> } | undefined)
    ?.clientCapabilities ?? {}) as { fs?: ProbeRun["fs"]; terminal?: unknown };
  return {
    run,
    steps,
    skipped: steps.get("all")?.skipped,
    dir: (steps.get("prepared")?.params as { dir?: string } | undefined)?.dir,
    fs: capabilities.fs,
    terminal: capabilities.terminal,
  };
}

/** The answer's result as an object (undefined for an error or a non-object). */
export function resultOf(step: ProbeStep | undefined): Record<string, unknown> | undefined {
  return step && step.error === undefined && typeof step.result === "object" && step.result !== null
    ? (step.result as Record<string, unknown>)
    : undefined;
}

export const describeError = (step: ProbeStep): string => JSON.stringify(step.error).slice(0, 300);

/**
 * The steps a requirement needs, or undefined after recording why it cannot be judged: not
 * applicable when the client did not advertise the capability, not tested when the probe was
 * skipped or a step never got its answer.
 */
export function needSteps(
  context: ScenarioContext,
  probe: ProbeRun,
  requirement: RequirementId,
  advertised: { yes: boolean; what: string },
  names: readonly string[],
): ProbeStep[] | undefined {
  if (!advertised.yes) {
    context.check({
      requirement,
      verdict: "not-applicable",
      message: `the client did not advertise ${advertised.what}, so the agent may not call it`,
    });
    return undefined;
  }
  if (probe.skipped) {
    checkNotExercised(
      context,
      requirement,
      `${probe.skipped}; a session cwd the agent can write in lets the kit test it`,
    );
    return undefined;
  }
  const steps = names.map((name) => probe.steps.get(name));
  const missing = names.filter((_name, index) => steps[index] === undefined);
  if (missing.length > 0) {
    checkNotExercised(
      context,
      requirement,
      `the probe's step${missing.length > 1 ? "s" : ""} ${missing.join(", ")} got no answer before the run ended (${describeExit(probe.run)})`,
    );
    return undefined;
  }
  return steps as ProbeStep[];
}

/** The agent's requests of `method` the client never answered. */
export function unansweredRequests(run: ClientRun, method: string): number {
  const answered = new Set(
    clientMessages(run).flatMap((message) =>
      "method" in message || !("id" in message) ? [] : [JSON.stringify(message.id)],
    ),
  );
  return run.events.filter((event) => {
    if (event.kind !== "sent") return false;
    try {
      const frame = JSON.parse(event.text) as { id?: unknown; method?: unknown };
      return frame.method === method && frame.id !== undefined && !answered.has(JSON.stringify(frame.id));
    } catch {
      return false;
    }
  }).length;
}
