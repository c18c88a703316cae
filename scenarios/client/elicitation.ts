/**
 * capabilities, elicitation: in the middle of a turn the agent sends elicitation/complete for an
 * id it never issued, then one at a time a form scoped to the session, the same form scoped to
 * the pending session/prompt request (requestId), a url request scoped to the session, and one
 * in a custom `_` mode no client can advertise. What each must get follows from what the client
 * advertised in initialize: a served mode a result, another mode -32602; the notification no
 * reply at all.
 */
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { clientMessages, describeExit, runClient, succeeded, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { checkNotExercised } from "./shared-checks.js";
import { recordAnswers, type Seen } from "./elicitation-answers.js";
import { agentFrames, agentRequests, answersTo, describeAnswer, type Message } from "./wire-frames.js";

const FORM = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name", minLength: 3, maxLength: 12 },
    count: { type: "integer", title: "How many", minimum: 2, maximum: 5 },
    color: { type: "string", title: "Color", enum: ["red", "green"] },
    notify: { type: "boolean", title: "Notify me" },
  },
  required: ["name", "count", "color"],
};

/** The four requests, told apart by their message. */
const ASKED = {
  sessionForm: "kit: a form scoped to the session",
  requestForm: "kit: a form scoped to the pending prompt request",
  url: "kit: a page to open, scoped to the session",
  custom: "kit: a request in a custom mode no client can advertise",
} as const;
type Asked = keyof typeof ASKED;
/** A `_` mode is the implementation's own (elicitation.mdx): there is no capability to advertise it with, so it is never advertised. */
const CUSTOM_MODE = "_kit-survey";
const MODE: Record<Asked, string> = {
  sessionForm: "form",
  requestForm: "form",
  url: "url",
  custom: CUSTOM_MODE,
};

const COMPLETE_UNKNOWN =
  '{"jsonrpc":"2.0","method":"elicitation/complete","params":{"elicitationId":"kit-never-issued"}}';

function script() {
  const ask = (params: Record<string, unknown>) => ({
    requestsAtOnce: {
      requests: [{ method: "elicitation/create", params }] as [
        { method: string; params: Record<string, unknown> },
      ],
    },
  });
  return agentScript([
    { frame: COMPLETE_UNKNOWN },
    { delay: 300 },
    ask({ sessionId: "{{sessionId}}", mode: "form", message: ASKED.sessionForm, requestedSchema: FORM }),
    ask({ requestId: "{{requestId}}", mode: "form", message: ASKED.requestForm, requestedSchema: FORM }),
    ask({
      sessionId: "{{sessionId}}",
      mode: "url",
      message: ASKED.url,
      elicitationId: "kit-url-elicitation",
      url: "https://example.invalid/acp-conformance/consent",
    }),
    ask({ sessionId: "{{sessionId}}", mode: CUSTOM_MODE, message: ASKED.custom }),
    { message: nonce("after-elicitation") },
    { stop: "end_turn" },
  ]);
}

/** The client's elicitation capability as it advertised it: which modes, and whether it named elicitation at all. */
function advertised(run: ClientRun): { modes: Array<"form" | "url">; any: boolean; text: string } {
  const init = clientMessages(run).find((message) => message.method === "initialize");
  const elicitation = ((init?.params as Message | undefined)?.clientCapabilities as Message | undefined)
    ?.elicitation as Message | null | undefined;
  const modes = (["form", "url"] as const).filter(
    (mode) => elicitation?.[mode] !== undefined && elicitation?.[mode] !== null,
  );
  return {
    modes,
    any: elicitation !== undefined && elicitation !== null,
    text: `elicitation ${JSON.stringify(elicitation)}`,
  };
}

function recordCompleteIgnored(context: ScenarioContext, run: ClientRun, seen: Seen[]): void {
  const requirement = "client.capabilities.elicitation-unknown-complete-ignored";
  const complete = agentFrames(run).find(({ message }) => message.method === "elicitation/complete");
  if (!complete) {
    checkNotExercised(
      context,
      requirement,
      `the turn never reached the agent's elicitation/complete (${describeExit(run)})`,
    );
    return;
  }
  // A reply to it is client.jsonrpc.no-reply-to-notification's (JSON-RPC forbids replying to any
  // notification); ignoring the unknown id is going on as if it never came.
  const next = seen.find((entry) => entry.asked === "sessionForm")?.answer;
  context.check(
    next === undefined && !succeeded(run)
      ? {
          requirement,
          verdict: "fail",
          message: `after elicitation/complete for an id it never saw, the client answered nothing more (${describeExit(run)})`,
          evidence: { stderrTail: run.stderrTail },
        }
      : {
          requirement,
          verdict: "pass",
          message: `after elicitation/complete for an id it never saw, the client went on (${next ? "it answered the next request" : describeExit(run)})`,
        },
  );
}

function recordModes(context: ScenarioContext, seen: Seen[], offer: ReturnType<typeof advertised>): void {
  const served = "client.capabilities.elicitation-modes-served";
  const refused = "client.capabilities.elicitation-unadvertised-refused";
  if (offer.modes.length === 0)
    context.check({
      requirement: served,
      verdict: "not-applicable",
      message: `the client advertised no elicitation mode (${offer.text})`,
    });
  for (const mode of offer.modes) {
    const entry = seen.find((candidate) => candidate.asked === (mode === "form" ? "sessionForm" : "url"));
    const answer = entry?.answer;
    context.check(
      answer && "result" in answer
        ? {
            requirement: served,
            verdict: "pass",
            message: `advertised (${offer.text}), ${mode} mode was served: ${describeAnswer(answer)}`,
          }
        : {
            requirement: served,
            verdict: "fail",
            message: `the client advertised ${mode} mode (${offer.text}) but a session-scoped ${mode} request got ${describeAnswer(answer)}`,
          },
    );
  }
  // Never empty: the custom mode cannot be advertised.
  const others = seen.filter((entry) => !(offer.modes as string[]).includes(entry.mode));
  const allowed = offer.any ? [-32602] : [-32602, -32601];
  for (const entry of others) {
    const code = (entry.answer?.error as { code?: unknown } | undefined)?.code;
    context.check(
      allowed.includes(Number(code))
        ? {
            requirement: refused,
            verdict: "pass",
            message: `a ${entry.mode} request (${entry.label}), not advertised (${offer.text}), got error ${code}`,
          }
        : {
            requirement: refused,
            verdict: "fail",
            message: `a ${entry.mode} request (${entry.label}) in a mode the client did not advertise (${offer.text}) got ${describeAnswer(entry.answer)}; expected error ${allowed.join(" or ")}`,
          },
    );
  }
}

function recordScopes(context: ScenarioContext, seen: Seen[], offer: ReturnType<typeof advertised>): void {
  const requirement = "client.capabilities.elicitation-scopes-accepted";
  const session = seen.find((entry) => entry.asked === "sessionForm")?.answer;
  const request = seen.find((entry) => entry.asked === "requestForm");
  if (!offer.modes.includes("form"))
    context.check({
      requirement,
      verdict: "not-applicable",
      message: `the client did not advertise form mode (${offer.text})`,
    });
  else if (!session || !("result" in session) || !request)
    checkNotExercised(
      context,
      requirement,
      "the client did not serve the session-scoped form, so the request scope was not compared with it",
    );
  else
    context.check(
      request.answer && "result" in request.answer
        ? {
            requirement,
            verdict: "pass",
            message: `a form scoped to the pending request (requestId) was served like the session-scoped one: ${describeAnswer(request.answer)}`,
          }
        : {
            requirement,
            verdict: "fail",
            message: `the session-scoped form was served, but the same form scoped to the pending session/prompt request (requestId) got ${describeAnswer(request.answer)}`,
          },
    );
}

export const elicitationScenario: Scenario = {
  id: "client.capabilities.elicitation",
  title:
    "the agent sends elicitation/complete for an unknown id, then a session-scoped form, a request-scoped form and a url request",
  mode: "client",
  requirements: [
    "client.capabilities.elicitation-unknown-complete-ignored",
    "client.capabilities.elicitation-modes-served",
    "client.capabilities.elicitation-unadvertised-refused",
    "client.capabilities.elicitation-scopes-accepted",
    "client.capabilities.elicitation-actions-valid",
    "client.capabilities.elicitation-form-values-valid",
  ],
  async run(context) {
    const run = await runClient(context, script());
    recordGenericClientChecks(context, run);
    const seen: Seen[] = (Object.keys(ASKED) as Asked[]).flatMap((asked) => {
      const request = agentRequests(
        run,
        "elicitation/create",
        (params) => params.message === ASKED[asked],
      )[0];
      return request
        ? [
            {
              asked,
              label: ASKED[asked],
              mode: MODE[asked],
              answer: answersTo(run, request.message.id)[0]?.message,
            },
          ]
        : [];
    });
    recordCompleteIgnored(context, run, seen);
    if (seen.length < 4) {
      for (const requirement of elicitationScenario.requirements.slice(1))
        checkNotExercised(
          context,
          requirement,
          `the turn never reached all four elicitation requests (${describeExit(run)})`,
        );
      return;
    }
    const offer = advertised(run);
    recordModes(context, seen, offer);
    recordScopes(context, seen, offer);
    recordAnswers(context, seen, offer, FORM);
  },
};
