/**
 * Checks made on every run of the client under test, from what the mock agent recorded and
 * from what was left running: what the client wrote, whether its ids were unique, and how
 * it ended the agent.
 */
import { survivorEvidence } from "../../kit/process/tree.js";
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { classifyMessage, envelopeProblems, idKey } from "../../kit/wire/jsonrpc.js";
import { AcpSchema, formatIssues } from "../../kit/wire/schema.js";
import type { ProcessEvidence } from "../../kit/report/report-types.js";
import { describeExit, type ClientRun } from "./driver.js";
import { ORDER_CHECK_REQUIREMENTS, recordOrderChecks } from "./order-checks.js";
import { PARAMS_CHECK_REQUIREMENTS, recordParamsChecks } from "./params-checks.js";

export const GENERIC_CLIENT_REQUIREMENTS = [
  "client.framing.writes-only-jsonrpc",
  "client.schema.valid-payloads",
  "client.jsonrpc.unique-request-ids",
  "client.cleanup.agent-group-gone",
  "client.cleanup.closes-stdin-first",
  "client.cleanup.escaped-grandchild",
  ...ORDER_CHECK_REQUIREMENTS,
  ...PARAMS_CHECK_REQUIREMENTS,
] as const satisfies readonly RequirementId[];

/** The frames the mock agent read, as lines, with what the agent had sent before each (v2's checks pass the v2 schema). */
export function frameProblems(
  run: ClientRun,
  schema: AcpSchema = AcpSchema.load(),
): { framing: string[]; schema: string[]; reusedIds: string[] } {
  const result = { framing: [] as string[], schema: [] as string[], reusedIds: [] as string[] };
  const agentRequests = new Map<string, string>(); // id key → method, for the agent's own requests
  const pending = new Set<string>(); // the client's requests not yet answered
  for (const event of run.events) {
    if (event.kind === "sent") {
      let frame: unknown;
      try {
        frame = JSON.parse(event.text);
      } catch {
        continue; // the agent's own deliberate garbage
      }
      const message = classifyMessage(frame);
      if (message.kind === "request") agentRequests.set(idKey(message.id), message.method);
      if (message.kind === "response" && message.id !== null) pending.delete(idKey(message.id));
      continue;
    }
    if (event.kind !== "received") continue;
    if (event.problem === "blank-line") {
      result.framing.push("an empty line: every line must be one JSON-RPC message");
      continue;
    }
    if (event.problem === "invalid-utf8") {
      result.framing.push(`a line that is not valid UTF-8: ${JSON.stringify(event.text.slice(0, 120))}`);
      continue;
    }
    if (event.message === undefined) {
      result.framing.push(`a line that is not JSON: ${JSON.stringify(event.text.slice(0, 120))}`);
      continue;
    }
    const message = classifyMessage(event.message);
    if (message.kind === "batch" || message.kind === "invalid") {
      result.framing.push(`not a JSON-RPC message: ${JSON.stringify(event.text.slice(0, 120))}`);
      continue;
    }
    const envelope = envelopeProblems(event.message, message);
    for (const problem of [envelope.version, ...envelope.request, ...envelope.response])
      if (problem) result.framing.push(problem);
    if (message.kind === "request") {
      const key = idKey(message.id);
      if (pending.has(key))
        result.reusedIds.push(
          `request id ${JSON.stringify(message.id)} (${message.method}) reused while still pending`,
        );
      pending.add(key);
    }
    if (message.kind === "request" || message.kind === "notification") {
      const issues = schema.validateParams(message.method, message.params);
      if (issues?.length) result.schema.push(`${message.method} params: ${formatIssues(issues)}`);
    } else if (message.kind === "response" && message.hasResult && !message.hasError) {
      const method = agentRequests.get(idKey(message.id));
      const issues = method ? schema.validateResult(method, message.result) : undefined;
      if (issues?.length) result.schema.push(`${method} result: ${formatIssues(issues)}`);
    }
  }
  return result;
}

function asEvidence(run: ClientRun, pids: number[]): ProcessEvidence[] {
  return survivorEvidence(run.survivors.filter((info) => pids.includes(info.pid)));
}

export function recordGenericClientChecks(context: ScenarioContext, run: ClientRun): void {
  const received = run.events.filter((event) => event.kind === "received").length;
  if (received === 0) return; // the client never talked to the agent: nothing to judge here
  const problems = frameProblems(run);
  recordOrderChecks(context, run);
  recordParamsChecks(context, run);

  context.check(
    problems.framing.length > 0
      ? {
          requirement: "client.framing.writes-only-jsonrpc",
          verdict: "fail",
          message: problems.framing[0]!,
          evidence: { details: problems.framing.slice(0, 10) },
        }
      : {
          requirement: "client.framing.writes-only-jsonrpc",
          verdict: "pass",
          message: `${received} lines from the client, each one JSON-RPC message`,
        },
  );
  context.check(
    problems.schema.length > 0
      ? {
          requirement: "client.schema.valid-payloads",
          verdict: "fail",
          message: problems.schema[0]!,
          evidence: { details: problems.schema.slice(0, 10) },
        }
      : {
          requirement: "client.schema.valid-payloads",
          verdict: "pass",
          message: `${received} frames from the client, every ACP payload valid against the v1 schema`,
        },
  );
  context.check(
    problems.reusedIds.length > 0
      ? { requirement: "client.jsonrpc.unique-request-ids", verdict: "fail", message: problems.reusedIds[0]! }
      : {
          requirement: "client.jsonrpc.unique-request-ids",
          verdict: "pass",
          message: "no request id reused while pending",
        },
  );

  // Cleanup is the client's own only when it ended by itself; when the kit had to kill it, the kit's teardown did the work.
  if (run.timedOut) return;
  const spawned = run.events.flatMap((event) => (event.kind === "spawned" ? [event] : []));
  const escapedPids = spawned.filter((event) => event.setsid).map((event) => event.pid);
  const leftInGroup = run.survivors.filter((info) => !escapedPids.includes(info.pid));
  if (leftInGroup.length > 0) {
    context.check({
      requirement: "client.cleanup.agent-group-gone",
      verdict: "fail",
      message: `${describeExit(run)}, leaving ${leftInGroup.length} process(es) of its agent running: ${leftInGroup.map((info) => `pid ${info.pid} (${info.command})`).join(", ")}`,
      evidence: {
        processes: asEvidence(
          run,
          leftInGroup.map((info) => info.pid),
        ),
      },
    });
  } else {
    context.check({
      requirement: "client.cleanup.agent-group-gone",
      verdict: "pass",
      message: `${describeExit(run)}; the agent and its grandchild in the same group were gone`,
    });
  }
  const escapedAlive = run.survivors.filter((info) => escapedPids.includes(info.pid));
  context.check({
    requirement: "client.cleanup.escaped-grandchild",
    verdict: "pass",
    message:
      escapedAlive.length > 0
        ? "a grandchild that escaped with setsid outlived the client (the kit ended it)"
        : "the grandchild that escaped with setsid was gone too",
    ...(escapedAlive.length > 0 ? { evidence: { processes: asEvidence(run, escapedPids) } } : {}),
  });
  const ended = run.events.find((event) => event.kind === "ended");
  if (ended?.kind === "ended" && ended.how === "stdin-eof") {
    context.check({
      requirement: "client.cleanup.closes-stdin-first",
      verdict: "pass",
      message: "the agent saw its stdin close before anything else ended it",
    });
  } else if (ended?.kind === "ended" && ended.how === "signal" && ended.stdinClosed === true) {
    // Judged by whether the end of input was there, not by which of the two the agent read first.
    context.check({
      requirement: "client.cleanup.closes-stdin-first",
      verdict: "pass",
      message: `the agent's stdin had closed by the time ${ended.signal} reached it`,
    });
  } else {
    const how =
      ended?.kind === "ended"
        ? ended.how === "signal"
          ? `was sent ${ended.signal} while its stdin was still open`
          : `ended by ${ended.how}`
        : "was killed without its stdin being closed first (no chance to log)";
    context.check({
      requirement: "client.cleanup.closes-stdin-first",
      verdict: "fail",
      message: `the agent ${how}`,
    });
  }
}
