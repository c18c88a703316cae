/**
 * How a v2 agent reports its own work, read from the updates of one run in order: a tool call's
 * first update carries its title, a display-only terminal's first update its command
 * (tool-calls.mdx#reporting, #display-only-terminals), a git_patch agrees with its diff's changes
 * (#diffs), and one turn's plan keeps its planId until it is finished (agent-plan.mdx).
 */
import { isAbsolute } from "node:path";
import type { ScenarioContext } from "../../../kit/scenario.js";
import type { IncomingMessage } from "../../../kit/wire/connection.js";
import type { Transcript } from "../../../kit/wire/transcript.js";
import { excerptAround } from "../evidence.js";
import { isSessionUpdate } from "../session-updates.js";
import { updateOf, type V2Turn } from "./turn-updates.js";

type Body = Record<string, unknown>;
const asBody = (value: unknown): Body => (value && typeof value === "object" ? (value as Body) : {});
const asList = (value: unknown): Body[] => (Array.isArray(value) ? value.map(asBody) : []);

interface Run {
  connection: { received: readonly IncomingMessage[] };
  transcript: Transcript;
}

type Verdict = { seen: number; broken?: { seq: number; problem: string } };

function record(
  context: ScenarioContext,
  run: Run,
  requirement: Parameters<ScenarioContext["check"]>[0]["requirement"],
  verdict: Verdict,
  messages: { none: string; pass: string },
): void {
  if (verdict.broken)
    context.check({
      requirement,
      verdict: "fail",
      message: verdict.broken.problem,
      evidence: { transcript: excerptAround(run.transcript, verdict.broken.seq) },
    });
  else if (verdict.seen === 0) context.check({ requirement, verdict: "not-tested", message: messages.none });
  else context.check({ requirement, verdict: "pass", message: messages.pass });
}

/** The first appearance of each tool call (an update, or the subject of a permission request) has a title. */
export function titleFirst(received: readonly IncomingMessage[]): Verdict {
  const seen = new Set<string>();
  for (const incoming of received) {
    let toolCall: Body | undefined;
    const kind = isSessionUpdate(incoming) ? updateOf(incoming).sessionUpdate : undefined;
    // v1's tool_call, which v2 removed, still announces the call: that defect is
    // agent.v2.schema.no-removed-updates's, so the call counts as seen here, not as untitled.
    if (kind === "tool_call_update" || kind === "tool_call") toolCall = updateOf(incoming);
    else if (
      incoming.message.kind === "request" &&
      incoming.message.method === "session/request_permission"
    ) {
      const subject = asBody(asBody(incoming.message.params).subject);
      if (subject.type === "tool_call") toolCall = asBody(subject.toolCall);
    }
    const id = toolCall?.toolCallId;
    if (typeof id !== "string" || seen.has(id)) continue;
    seen.add(id);
    if (typeof toolCall!.title !== "string" || toolCall!.title.length === 0)
      return {
        seen: seen.size,
        broken: { seq: incoming.seq, problem: `the first tool_call_update of ${id} has no title` },
      };
  }
  return { seen: seen.size };
}

const FINAL_STATUSES = new Set(["completed", "failed", "cancelled"]);
const OPEN_STATUSES = new Set(["pending", "in_progress", "paused"]);

/** Once a tool call reached a final status, no later update moves it back to an open one. */
export function statusesForward(received: readonly IncomingMessage[]): Verdict {
  const finished = new Map<string, string>();
  for (const incoming of received) {
    const update = updateOf(incoming);
    if (!isSessionUpdate(incoming) || update.sessionUpdate !== "tool_call_update") continue;
    const id = update.toolCallId;
    const status = String(update.status);
    if (typeof id !== "string") continue;
    const final = finished.get(id);
    if (final !== undefined && OPEN_STATUSES.has(status))
      return {
        seen: finished.size,
        broken: {
          seq: incoming.seq,
          problem: `tool call ${id} was reported ${final}, then ${status} again`,
        },
      };
    if (FINAL_STATUSES.has(status)) finished.set(id, status);
  }
  return { seen: finished.size };
}

/** The first terminal_update of each terminal gives its command. */
export function commandFirst(received: readonly IncomingMessage[]): Verdict {
  const seen = new Set<string>();
  for (const incoming of received) {
    const update = updateOf(incoming);
    if (!isSessionUpdate(incoming) || update.sessionUpdate !== "terminal_update") continue;
    const id = update.terminalId;
    if (typeof id !== "string" || seen.has(id)) continue;
    seen.add(id);
    if (typeof update.command !== "string" || update.command.length === 0)
      return {
        seen: seen.size,
        broken: { seq: incoming.seq, problem: `the first terminal_update of ${id} gives no command` },
      };
  }
  return { seen: seen.size };
}

/**
 * A terminalId names one terminal: once its exit was reported, an update that starts another
 * command under it (a new command, or the exit cleared) reuses the id for a different terminal.
 */
export function terminalIdsKept(received: readonly IncomingMessage[]): Verdict {
  const commands = new Map<string, unknown>();
  const exited = new Set<string>();
  for (const incoming of received) {
    const update = updateOf(incoming);
    if (!isSessionUpdate(incoming) || update.sessionUpdate !== "terminal_update") continue;
    const id = update.terminalId;
    if (typeof id !== "string") continue;
    const newCommand = typeof update.command === "string" && update.command !== commands.get(id);
    if (exited.has(id) && (newCommand || update.exitStatus === null))
      return {
        seen: exited.size,
        broken: {
          seq: incoming.seq,
          problem: newCommand
            ? `terminal ${id} exited, then a terminal_update gave it the new command ${JSON.stringify(update.command)}: a terminalId must not be reused for a different terminal`
            : `terminal ${id} exited, then a terminal_update cleared its exit status to run it again: a terminalId must not be reused for a different terminal`,
        },
      };
    if (typeof update.command === "string") commands.set(id, update.command);
    if (update.exitStatus && typeof update.exitStatus === "object") exited.add(id);
  }
  return { seen: exited.size };
}

/** Every diff item the agent sent, with the frame it came in. */
export function diffsOf(received: readonly IncomingMessage[]): Array<{ seq: number; diff: Body }> {
  const diffs: Array<{ seq: number; diff: Body }> = [];
  for (const incoming of received) {
    if (!isSessionUpdate(incoming)) continue;
    const update = updateOf(incoming);
    const items =
      update.sessionUpdate === "tool_call_update"
        ? asList(update.content)
        : update.sessionUpdate === "tool_call_content_chunk"
          ? [asBody(update.content)]
          : [];
    for (const item of items) if (item.type === "diff") diffs.push({ seq: incoming.seq, diff: item });
  }
  return diffs;
}

/** The paths of a `diff --git A B` header: two absolute paths, split where the second one starts. */
function headerPaths(rest: string): string[] {
  const half = (rest.length - 1) / 2;
  if (Number.isInteger(half) && rest.slice(0, half) === rest.slice(half + 1)) return [rest.slice(0, half)];
  const split = rest.indexOf(" /", 1);
  return split < 0 ? rest.split(" ") : [rest.slice(0, split), rest.slice(split + 1)];
}

/** What is wrong with a git_patch against its diff's changes, or undefined. */
export function patchProblem(diff: Body): string | undefined {
  const patch = asBody(diff.patch);
  if (patch.format !== "git_patch" || typeof patch.text !== "string") return undefined;
  const paths = new Set(asList(diff.changes).flatMap((change) => [change.path, change.oldPath]));
  const lines = patch.text.split("\n");
  const first = lines.findIndex((line) => line.startsWith("diff --git "));
  if (first < 0) return "the git_patch has no diff --git section";
  const envelope = lines.slice(0, first).find((line) => line.trim().length > 0);
  if (envelope) return `the git_patch has text before its first diff --git: ${JSON.stringify(envelope)}`;
  for (const line of lines) {
    const named = line.startsWith("diff --git ")
      ? headerPaths(line.slice("diff --git ".length))
      : /^(---|\+\+\+) /.test(line)
        ? [line.slice(4).split("\t")[0]!]
        : [];
    for (const path of named) {
      if (path === "/dev/null") continue;
      if (!isAbsolute(path)) return `the git_patch names the relative path ${JSON.stringify(path)}`;
      if (!paths.has(path)) return `the git_patch names ${path}, which no change of its diff names`;
    }
  }
  return undefined;
}

export function patchesConsistent(received: readonly IncomingMessage[]): Verdict {
  const withPatch = diffsOf(received).filter(({ diff }) => asBody(diff.patch).format === "git_patch");
  for (const { seq, diff } of withPatch) {
    const problem = patchProblem(diff);
    if (problem) return { seen: withPatch.length, broken: { seq, problem } };
  }
  return { seen: withPatch.length };
}

/** A diff that modifies `path` (the text file the kit asked the agent to write) carries a patch. */
export function patchProvided(received: readonly IncomingMessage[], path: string): Verdict {
  const ofFile = diffsOf(received).filter(({ diff }) =>
    asList(diff.changes).some((change) => change.path === path && change.operation === "modify"),
  );
  const bare = ofFile.find(({ diff }) => diff.patch === undefined || diff.patch === null);
  return {
    seen: ofFile.length,
    broken: bare && {
      seq: bare.seq,
      problem: `the diff of the text file ${path} the agent modified has no patch`,
    },
  };
}

const FINISHED = new Set(["completed", "cancelled"]);

/** Within each turn, a plan_update names the planId of the one before unless that plan was finished. */
export function planIdsKept(turns: readonly V2Turn[]): Verdict {
  let seen = 0;
  for (const turn of turns) {
    const plans = turn.updates.filter((incoming) => updateOf(incoming).sessionUpdate === "plan_update");
    if (plans.length >= 2) seen++;
    for (let index = 1; index < plans.length; index++) {
      const before = asBody(updateOf(plans[index - 1]!).plan);
      const now = asBody(updateOf(plans[index]!).plan);
      const finished =
        before.type === "items" &&
        asList(before.entries).every((entry) => FINISHED.has(String(entry.status)));
      if (!finished && now.planId !== before.planId)
        return {
          seen,
          broken: {
            seq: plans[index]!.seq,
            problem: `a plan_update named planId ${JSON.stringify(now.planId)} while the unfinished plan ${JSON.stringify(before.planId)} of the same turn was still open`,
          },
        };
    }
  }
  return { seen };
}

/** Records the report checks of one run; `writtenPath` is the file the kit asked to be written. */
export function recordToolReportChecks(
  context: ScenarioContext,
  run: Run & { turns: readonly V2Turn[] },
  writtenPath: string | undefined,
): void {
  const { received } = run.connection;
  record(context, run, "agent.v2.prompt.tool-call-title-first", titleFirst(received), {
    none: "the agent reported no tool call in this run",
    pass: "every tool call's first update carried a title",
  });
  record(context, run, "agent.v2.prompt.tool-status-moves-forward", statusesForward(received), {
    none: "no tool call reached completed, failed or cancelled in this run",
    pass: "no tool call moved back to an open status after a final one",
  });
  record(context, run, "agent.v2.terminal.command-first", commandFirst(received), {
    none: "the agent reported no display-only terminal (terminal_update) in this run",
    pass: "every terminal's first terminal_update gave its command",
  });
  record(context, run, "agent.v2.terminal.id-not-reused", terminalIdsKept(received), {
    none: "no display-only terminal reported its exit in this run, so no terminalId could be reused after it",
    pass: "no terminalId was given another command after its terminal exited",
  });
  record(context, run, "agent.v2.prompt.diff-patch-consistent", patchesConsistent(received), {
    none: "the agent sent no diff with a git_patch in this run",
    pass: "every git_patch named only absolute paths of its diff's changes, with nothing before its first diff --git",
  });
  record(
    context,
    run,
    "agent.v2.prompt.diff-patch-provided",
    writtenPath ? patchProvided(received, writtenPath) : { seen: 0 },
    {
      none: writtenPath
        ? `the agent reported no diff modifying ${writtenPath}, the text file the write prompt named`
        : "no --write-prompt: the kit cannot ask the agent to modify a text file",
      pass: `the diff of ${writtenPath} carried a patch`,
    },
  );
  record(context, run, "agent.v2.prompt.plan-id-kept", planIdsKept(run.turns), {
    none: "no turn of this run sent two plan_updates",
    pass: "each turn's plan_updates kept one planId while the plan was open",
  });
}
