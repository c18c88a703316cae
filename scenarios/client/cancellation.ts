/**
 * cancellation: the agent cancels its own pending permission request with `$/cancel_request`
 * (the client must still answer it exactly once, a result or -32800), then opens three
 * requests at once (two permission requests and a custom one: each must be answered); and, in
 * a second run, the agent answers the client's first session/new with -32800 (the client must
 * not wedge: it asks again and is served, or it ends by itself). Any `$/cancel_request` the
 * client sends in these runs must name a request of its own still pending.
 */
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import type { AgentAction } from "../../peers/script-types.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { crashSignature } from "./crash-signatures.js";
import { clientMessages, describeExit, runClient, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { OFFERED_OPTION_IDS } from "./permission.js";
import { checkNotExercised } from "./shared-checks.js";
import {
  agentFrames,
  agentRequests,
  answersTo,
  clientFrames,
  describeAnswer,
  isResponse,
  type Message,
} from "./wire-frames.js";

type RequestSpec = Extract<AgentAction, { requestsAtOnce: unknown }>["requestsAtOnce"]["requests"][number];

const OPTIONS = OFFERED_OPTION_IDS.map((optionId) => ({
  optionId,
  name: optionId,
  kind: optionId === "allow" ? "allow_once" : "reject_once",
}));

const permissionParams = (toolCallId: string, title: string) => ({
  sessionId: "{{sessionId}}",
  toolCall: { toolCallId, title, status: "pending" },
  options: OPTIONS,
});

const CANCELLED_TOOL = "kit-cancelled-tool";
const CONCURRENT: [RequestSpec, ...RequestSpec[]] = [
  { method: "session/request_permission", params: permissionParams("kit-concurrent-a", "Write a.txt") },
  { method: "session/request_permission", params: permissionParams("kit-concurrent-b", "Write b.txt") },
  { method: "_kit/concurrent", params: { note: "a custom request, open beside two permission requests" } },
];

const toolCallOf = (params: Message) => (params.toolCall as { toolCallId?: unknown } | undefined)?.toolCallId;

/** Judges the one answer to the request the agent cancelled. */
function recordCancelledRequest(context: ScenarioContext, run: ClientRun): void {
  const requirement = "client.cancellation.cancel-request-answered";
  const request = agentRequests(
    run,
    "session/request_permission",
    (p) => toolCallOf(p) === CANCELLED_TOOL,
  )[0];
  const cancel = agentFrames(run).find(
    ({ message }) =>
      message.method === "$/cancel_request" &&
      (message.params as Message | undefined)?.requestId === request?.message.id,
  );
  if (!request || !cancel) {
    checkNotExercised(
      context,
      requirement,
      `the agent never sent its permission request and $/cancel_request for it (${describeExit(run)})`,
    );
    return;
  }
  const answers = answersTo(run, request.message.id);
  const first = answers[0]?.message;
  const code = (first?.error as { code?: unknown } | undefined)?.code;
  const wrong =
    answers.length === 0
      ? `was never answered (${describeExit(run)})`
      : answers.length > 1
        ? `was answered ${answers.length} times: ${answers.map(({ message }) => describeAnswer(message)).join("; ")}`
        : "error" in first! && code !== -32800
          ? `was answered ${describeAnswer(first)}`
          : undefined;
  context.check(
    wrong
      ? {
          requirement,
          verdict: "fail",
          message: `the permission request the agent cancelled with $/cancel_request ${wrong}; expected exactly one answer, a result or error -32800`,
        }
      : {
          requirement,
          verdict: "pass",
          message: `the permission request the agent cancelled with $/cancel_request was answered once: ${describeAnswer(first)}`,
        },
  );
}

/** Judges that each of the requests opened at once got an answer. */
function recordConcurrentRequests(context: ScenarioContext, run: ClientRun): void {
  const requirement = "client.jsonrpc.answers-concurrent-requests";
  const sent = [
    ...agentRequests(run, "session/request_permission", (p) =>
      String(toolCallOf(p)).startsWith("kit-concurrent-"),
    ),
    ...agentRequests(run, "_kit/concurrent"),
  ];
  if (sent.length < CONCURRENT.length) {
    checkNotExercised(
      context,
      requirement,
      `the agent never got to open its three requests at once (${describeExit(run)})`,
    );
    return;
  }
  const described = sent.map(({ message }) => {
    const params = (message.params ?? {}) as Message;
    const name =
      message.method === "_kit/concurrent"
        ? "_kit/concurrent"
        : `permission for ${String(toolCallOf(params))}`;
    return { name, answer: answersTo(run, message.id)[0]?.message };
  });
  const unanswered = described.filter(({ answer }) => answer === undefined).map(({ name }) => name);
  context.check(
    unanswered.length > 0
      ? {
          requirement,
          verdict: "fail",
          message: `of three agent requests open at once, ${unanswered.join(" and ")} never got an answer (${describeExit(run)})`,
        }
      : {
          requirement,
          verdict: "pass",
          message: `three agent requests open at once were each answered: ${described.map(({ name, answer }) => `${name}: ${describeAnswer(answer)}`).join("; ")}`,
        },
  );
}

/**
 * Every `$/cancel_request` the client sent must be a notification naming one of its own requests
 * that the agent had not answered yet; not tested when it sent none.
 */
export function recordOwnCancelRequests(context: ScenarioContext, run: ClientRun): void {
  const requirement = "client.cancellation.own-cancel-request-valid";
  const frames = clientFrames(run);
  const cancels = frames.filter(({ message }) => message.method === "$/cancel_request");
  if (cancels.length === 0) {
    checkNotExercised(
      context,
      requirement,
      "the client never cancelled one of its own requests with $/cancel_request",
    );
    return;
  }
  const answered = agentFrames(run).filter(({ message }) => isResponse(message));
  for (const { at, message } of cancels) {
    const requestId = (message.params as Message | undefined)?.requestId;
    const own = frames.find(
      (frame) =>
        frame.at <= at &&
        typeof frame.message.method === "string" &&
        "id" in frame.message &&
        frame.message.id === requestId,
    );
    const answer = answered.find((frame) => frame.at <= at && frame.message.id === requestId);
    const wrong =
      "id" in message
        ? "carries an id, so it is a request, not a notification"
        : own === undefined
          ? `names requestId ${JSON.stringify(requestId)}, which is no request the client had sent`
          : answer !== undefined
            ? `names its ${String(own.message.method)} (id ${JSON.stringify(requestId)}), which the agent had already answered`
            : undefined;
    context.check(
      wrong
        ? { requirement, verdict: "fail", message: `the client's $/cancel_request ${wrong}` }
        : {
            requirement,
            verdict: "pass",
            message: `the client's $/cancel_request names its pending ${String(own?.message.method)} (id ${JSON.stringify(requestId)})`,
          },
    );
  }
}

export const agentCancelsRequestScenario: Scenario = {
  id: "client.cancellation.agent-requests",
  title:
    "the agent cancels its own permission request with $/cancel_request, then opens three requests at once",
  mode: "client",
  requirements: [
    "client.cancellation.cancel-request-answered",
    "client.jsonrpc.answers-concurrent-requests",
    "client.cancellation.own-cancel-request-valid",
  ],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([
        // Each tool call is announced before its permission request, as agents do: a client that
        // needs the announcement is client.property.permission-anywhere's to find, not this run's.
        ...[CANCELLED_TOOL, "kit-concurrent-a", "kit-concurrent-b"].map((toolCallId) => ({
          toolCall: { toolCallId, title: toolCallId, kind: "edit", status: "pending" },
        })),
        {
          cancelRequest: {
            method: "session/request_permission",
            params: permissionParams(CANCELLED_TOOL, "Delete the cache"),
            // Short, so a client that never answers it still has the rest of the turn within its own timeout.
            waitMs: 2_000,
          },
        },
        { requestsAtOnce: { requests: CONCURRENT } },
        { message: nonce("after-requests") },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientChecks(context, run);
    recordCancelledRequest(context, run);
    recordConcurrentRequests(context, run);
    recordOwnCancelRequests(context, run);
  },
};

export const cancelledErrorScenario: Scenario = {
  id: "client.cancellation.cancelled-error",
  title: "the agent answers the client's first session/new with -32800 (Request cancelled)",
  mode: "client",
  requirements: [
    "client.cancellation.survives-cancelled-error",
    "client.cancellation.own-cancel-request-valid",
  ],
  // A client that wedges here is seen only when --client-timeout runs out: started first, that
  // wait overlaps the rest of the run instead of trailing it.
  waitsOutDeadline: true,
  async run(context) {
    const run = await runClient(
      context,
      agentScript([{ message: nonce("after-cancelled-error") }, { stop: "end_turn" }], {
        answerCancelled: ["session/new"],
      }),
    );
    recordGenericClientChecks(context, run);
    recordOwnCancelRequests(context, run);
    recordSurvivesCancelledError(context, run);
  },
};

/** After -32800 for its first session/new the client asks again and is served, or ends by itself (v1 and v2). */
export function recordSurvivesCancelledError(context: ScenarioContext, run: ClientRun): void {
  const requirement = "client.cancellation.survives-cancelled-error";
  const cancelled = agentFrames(run).find(
    ({ message }) =>
      isResponse(message) && (message.error as { code?: unknown } | undefined)?.code === -32800,
  );
  if (!cancelled) {
    checkNotExercised(context, requirement, `the client never sent session/new (${describeExit(run)})`);
    return;
  }
  // A later request of the client's that the agent served (a result) shows it stayed usable.
  const later = clientFrames(run).find(
    ({ at, message }) =>
      at > cancelled.at &&
      typeof message.method === "string" &&
      "id" in message &&
      agentFrames(run).some(
        ({ message: answer }) => isResponse(answer) && answer.id === message.id && "result" in answer,
      ),
  );
  const crash = crashSignature(run.output);
  const endedByItself =
    !run.timedOut && run.exit !== undefined && run.exit.signal === null && crash === undefined;
  const methods = clientMessages(run).flatMap((message) =>
    typeof message.method === "string" ? [message.method] : [],
  );
  context.check(
    later
      ? {
          requirement,
          verdict: "pass",
          message: `after -32800 for its session/new, the client sent ${String(later.message.method)} and was served (${describeExit(run)})`,
        }
      : endedByItself
        ? {
            requirement,
            verdict: "pass",
            message: `after -32800 for its session/new, the client ended by itself: ${describeExit(run)}`,
          }
        : {
            requirement,
            verdict: "fail",
            message: `after -32800 for its session/new, ${crash ? `the client crashed (its output shows ${crash}); ` : ""}${describeExit(run)}, having sent ${methods.join(", ")}; expected it to send another request or end by itself`,
            evidence: { stderrTail: run.stderrTail },
          },
  );
}
