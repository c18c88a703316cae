/**
 * Checks that apply to every frame of every agent scenario. Each scenario's driver records
 * them once, at the end, from the problems its connection collected; a requirement passes
 * only on evidence that the scenario actually saw frames (or prompt turns) to judge.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { FrameProblem, FrameProblemKind } from "../../kit/wire/connection.js";
import type { AgentRunRecord } from "./agent-run-record.js";
import { excerptAround } from "./evidence.js";
import { recordClientCallChecks } from "./client-call-checks.js";
import { recordToolCallChecks } from "./tool-call-checks.js";
import { recordUpdateStreamChecks } from "./update-stream-checks.js";

export type { AgentRunRecord } from "./agent-run-record.js";
import { recordExtensionNameChecks } from "./extension-names.js";

export const GENERIC_AGENT_REQUIREMENTS = [
  "agent.framing.stdout-only-jsonrpc",
  "agent.framing.utf8",
  "agent.limits.stdout-line-bounded",
  "agent.jsonrpc.version-field",
  "agent.jsonrpc.envelope",
  "agent.schema.valid-payloads",
  "agent.jsonrpc.one-response-per-request",
  "agent.timeouts.request-answered",
  "agent.capabilities.no-fs-unadvertised",
  "agent.capabilities.no-terminal-unadvertised",
  // Judged over every turn: tool-call-checks.ts, update-stream-checks.ts, client-call-checks.ts.
  "agent.prompt.tool-call-ids-unique",
  "agent.prompt.tool-updates-name-known-calls",
  "agent.prompt.tool-status-moves-forward",
  "agent.permission.option-ids-unique",
  "agent.terminal.embedded-terminal-created",
  "agent.prompt.message-ids-consistent",
  "agent.prompt.usage-currency-code",
  "agent.prompt.cancelled-only-when-cancelled",
  "agent.fs.names-its-session",
  "agent.fs.one-based-lines",
  "agent.terminal.release-after-kill",
  "agent.terminal.no-use-after-release",
  "agent.extensibility.custom-methods-prefixed",
  "agent.extensibility.trace-context-keys",
] as const satisfies readonly RequirementId[];

/** How much of the offending frame a failure keeps in its evidence. */
const FRAME_EVIDENCE_CHARS = 256 * 1024;

/** The part of a run the frame and deadline checks read (v2's driver has it too). */
export type WireRecord = Pick<
  AgentRunRecord,
  "connection" | "context" | "transcript" | "target" | "ownDeadline" | "stoppedWaitingAtMs"
>;

/** The checks of every stdout line and frame that read the same in v1 and v2 (their requirements list both). */
export function recordWireFrameChecks(agent: WireRecord): void {
  const frames = agent.connection.received.length;
  checkFrameProblems(
    agent,
    "agent.framing.stdout-only-jsonrpc",
    ["not-json", "blank-line", "not-a-message"],
    `${frames} stdout lines, each one JSON-RPC message`,
  );
  checkFrameProblems(
    agent,
    "agent.framing.utf8",
    ["invalid-utf8"],
    `${agent.target.stdoutBytes} bytes of stdout, all valid UTF-8`,
  );
  checkFrameProblems(
    agent,
    "agent.limits.stdout-line-bounded",
    ["oversize"],
    `${agent.target.stdoutBytes} bytes of stdout, no line over 32 MiB`,
  );
  checkFrameProblems(
    agent,
    "agent.jsonrpc.version-field",
    ["jsonrpc-version"],
    `${frames} frames, each with "jsonrpc": "2.0"`,
  );
  checkFrameProblems(
    agent,
    "agent.jsonrpc.envelope",
    ["envelope"],
    `${frames} frames with a valid JSON-RPC envelope`,
  );
}

export function checkFrameProblems(
  agent: WireRecord,
  requirement: RequirementId,
  kinds: FrameProblemKind[],
  passMessage: string,
  /** Problems that are not this requirement's to judge (v2: a frame the agent sent as another version). */
  ignore: (problem: FrameProblem) => boolean = () => false,
): void {
  const problems = agent.connection.problems.filter(
    (problem) => kinds.includes(problem.kind) && !ignore(problem),
  );
  if (problems.length === 0) {
    agent.context.check({ requirement, verdict: "pass", message: passMessage });
    return;
  }
  const first = problems[0]!;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  // The transcript shortens long lines; the frame a problem is about is kept whole (up to a cap).
  const frame = agent.connection.received.find((incoming) => incoming.seq === first.seq)?.value;
  const frameText = frame === undefined ? undefined : JSON.stringify(frame);
  agent.context.check({
    requirement,
    verdict: "fail",
    message: `${first.detail}${more}`,
    evidence: {
      transcript: excerptAround(agent.transcript, first.seq),
      details: {
        problems: problems.slice(0, 10).map((problem) => ({ seq: problem.seq, problem: problem.detail })),
        ...(frameText !== undefined
          ? {
              frame:
                frameText.length > FRAME_EVIDENCE_CHARS
                  ? `${frameText.slice(0, FRAME_EVIDENCE_CHARS)}…`
                  : frameText,
            }
          : {}),
      },
    },
  });
}

export function recordGenericChecks(agent: AgentRunRecord): void {
  const { connection, context } = agent;
  const frames = connection.received.length;
  if (frames === 0 && connection.problems.length === 0) return; // nothing seen, nothing to claim
  recordExtensionNameChecks(agent);
  recordWireFrameChecks(agent);
  checkFrameProblems(
    agent,
    "agent.schema.valid-payloads",
    ["schema"],
    `${frames} frames, every ACP payload valid against the v1 schema`,
  );
  checkFrameProblems(
    agent,
    "agent.jsonrpc.one-response-per-request",
    ["duplicate-response", "unsolicited-response"],
    `${connection.countedRequests().length} requests, none answered twice, no stray responses`,
  );

  recordRequestDeadlines(agent);

  // capabilities: only turns give an agent a reason to call the client, so only they count as evidence.
  if (agent.turnsRun > 0 || agent.answers.fsCalls.length > 0) {
    const call = agent.answers.fsCalls[0];
    context.check(
      call
        ? {
            requirement: "agent.capabilities.no-fs-unadvertised",
            verdict: "fail",
            message: `the agent called ${call.message.kind === "request" ? call.message.method : "fs/*"} although the kit did not advertise it in this scenario`,
            evidence: { transcript: excerptAround(agent.transcript, call.seq) },
          }
        : {
            requirement: "agent.capabilities.no-fs-unadvertised",
            verdict: "pass",
            message: `no call to an fs/* method the kit did not advertise, in ${agent.turnsRun} prompt turn(s) that ran`,
          },
    );
  }
  if (agent.turnsRun > 0 || agent.answers.terminalCalls.length > 0) {
    const call = agent.answers.terminalCalls[0];
    context.check(
      call
        ? {
            requirement: "agent.capabilities.no-terminal-unadvertised",
            verdict: "fail",
            message: `the agent called ${call.message.kind === "request" ? call.message.method : "terminal/*"} although the kit did not advertise terminal in this scenario`,
            evidence: { transcript: excerptAround(agent.transcript, call.seq) },
          }
        : {
            requirement: "agent.capabilities.no-terminal-unadvertised",
            verdict: "pass",
            message: `no terminal/* call while the kit did not advertise terminal, in ${agent.turnsRun} prompt turn(s) that ran`,
          },
    );
  }

  recordToolCallChecks(agent);
  recordUpdateStreamChecks(agent);
  recordClientCallChecks(agent);
}

/** agent.timeouts.request-answered over every request of the run (v1 and v2 alike). */
export function recordRequestDeadlines(agent: WireRecord): void {
  // timeouts: a request counts as unanswered only if the agent stayed alive for the whole
  // deadline; one that died first is judged by the scenario that provoked it.
  const { connection, context } = agent;
  const { timeoutMs } = context.options;
  const now = agent.stoppedWaitingAtMs ?? agent.transcript.elapsedMs;
  const exitedAtMs = agent.target.exitInfo ? agent.target.exitInfo.afterMs : Number.POSITIVE_INFINITY;
  // A request whose answer came but could not be paired was answered: its fault is reported above.
  const judged = connection
    .countedRequests()
    .filter(
      (request) => !agent.ownDeadline.has(request) && connection.unmatchedAnswer(request) === undefined,
    );
  const late = judged.filter((request) =>
    request.answeredAtMs !== undefined
      ? request.answeredAtMs - request.sentAtMs > timeoutMs
      : now - request.sentAtMs > timeoutMs && exitedAtMs > request.sentAtMs + timeoutMs,
  );
  const answered = judged.filter((request) => request.answeredAtMs !== undefined);
  if (late.length > 0) {
    const first = late[0]!;
    const how =
      first.answeredAtMs !== undefined
        ? `answered only after ${Math.round(first.answeredAtMs - first.sentAtMs)} ms`
        : `not answered after ${Math.round(now - first.sentAtMs)} ms`;
    context.check({
      requirement: "agent.timeouts.request-answered",
      verdict: "fail",
      message: `${first.method} (id ${JSON.stringify(first.id)}) ${how}; --timeout is ${timeoutMs} ms`,
      evidence: {
        transcript: excerptAround(agent.transcript, first.seq),
        timings: { timeoutMs },
        stderrTail: agent.target.stderrTail(),
      },
    });
  } else if (answered.length > 0) {
    const slowest = Math.max(...answered.map((request) => request.answeredAtMs! - request.sentAtMs));
    context.check({
      requirement: "agent.timeouts.request-answered",
      verdict: "pass",
      message: `${answered.length} requests answered within --timeout, slowest in ${Math.round(slowest)} ms (requests a scenario judges by its own deadline, such as large prompts and cancelled turns, are not counted here)`,
      evidence: { timings: { slowestMs: Math.round(slowest), timeoutMs } },
    });
  }
}
