/**
 * The elicitation checks a scenario records over what the agent sent and the kit answered, shared
 * by v1's scenarios (elicitation.ts) and the v2 profile's (v2/elicitation.ts): form content
 * validated again, no URL in a form, url elicitation ids unique while outstanding, and
 * elicitation/complete naming a url elicitation the agent sent.
 */
import type { IncomingMessage } from "../../kit/wire/connection.js";
import { excerptAround, excerptBetween } from "./evidence.js";
import {
  type ElicitedTurn,
  type ElicitingAgent,
  elicitationCompletions,
  elicitationRequests,
  paramsOf,
} from "./elicitation-support.js";
import { canBreakForm, type KitElicitation } from "./serve-elicitation.js";
import { updateKind } from "./session-updates.js";

/**
 * Whether session/prompt was answered with an error, failing the operation. Only v1 can: v2's
 * answer is the acknowledgment sent before the work, so there a failure shows as a failed tool call.
 */
const promptFailed = (turn: ElicitedTurn) =>
  "outcome" in turn && turn.outcome.kind === "response" && Boolean(turn.outcome.error);

/** The status updates the agent reported for one tool call after `afterSeq` in the turn. */
function toolStatuses(turn: ElicitedTurn, toolCallId: unknown, afterSeq: number): string[] {
  return turn.updates
    .filter(
      (update) =>
        update.seq > afterSeq && ["tool_call", "tool_call_update"].includes(updateKind(update) ?? ""),
    )
    .map((update) => paramsOf(update).update as { toolCallId?: unknown; status?: unknown })
    .filter((body) => body.toolCallId === toolCallId && typeof body.status === "string")
    .map((body) => body.status as string);
}

export function checkValuesValidated(
  agent: ElicitingAgent,
  served: KitElicitation,
  turn: ElicitedTurn,
): void {
  const { context } = agent;
  const first = served.exchanges.find((exchange) => exchange.mode === "form");
  if (!first) {
    context.check({
      requirement: "agent.capabilities.elicitation-values-validated",
      verdict: "not-applicable",
      message: "the agent sent no form-mode elicitation in the turn, so there was no content to validate",
    });
    return;
  }
  const params = paramsOf(first.request);
  const seq = first.request.seq;
  const later = elicitationRequests(agent, turn).filter((request) => request.seq > seq);
  const statuses = typeof params.toolCallId === "string" ? toolStatuses(turn, params.toolCallId, seq) : [];
  if (!canBreakForm(params))
    context.check({
      requirement: "agent.capabilities.elicitation-values-validated",
      verdict: "not-tested",
      message: "the form asked for no property, so no content could break its schema",
    });
  else if (later.length > 0)
    context.check({
      requirement: "agent.capabilities.elicitation-values-validated",
      verdict: "pass",
      message: `given content that broke the requested schema, the agent asked again (${later.length} more elicitation/create)`,
    });
  else if (statuses.includes("completed"))
    context.check({
      requirement: "agent.capabilities.elicitation-values-validated",
      verdict: "fail",
      message: `the kit accepted the form with a value of the wrong type for every property; the agent did not ask again and reported the tool call it belongs to (${JSON.stringify(params.toolCallId)}) completed, as if the values were valid`,
      evidence: { transcript: excerptBetween(agent.transcript, seq, turn.endSeq) },
    });
  else if (statuses.includes("failed") || promptFailed(turn))
    context.check({
      requirement: "agent.capabilities.elicitation-values-validated",
      verdict: "pass",
      message: `given content that broke the requested schema, the agent failed the operation (${statuses.includes("failed") ? `tool call ${JSON.stringify(params.toolCallId)} failed` : "the prompt answered with an error"})`,
    });
  else
    context.check({
      requirement: "agent.capabilities.elicitation-values-validated",
      verdict: "not-tested",
      message:
        typeof params.toolCallId === "string"
          ? `after content that broke the schema the agent neither asked again nor reported tool call ${JSON.stringify(params.toolCallId)} completed or failed, so the kit cannot tell whether it used the values`
          : "the form named no toolCallId and the agent did not ask again, so the kit cannot tell whether it used the values that broke the schema",
    });
}

const URL_PATTERN = /https?:\/\/[^\s"'<>)\]]+/i;

export function checkNoUrlsInForms(agent: ElicitingAgent): void {
  const forms = elicitationRequests(agent).filter((request) => paramsOf(request).mode === "form");
  const withUrl = forms.find((request) => URL_PATTERN.test(JSON.stringify(paramsOf(request))));
  if (withUrl)
    agent.context.check({
      requirement: "agent.capabilities.elicitation-no-urls-in-forms",
      verdict: "fail",
      message: `a form-mode elicitation carries the URL ${JSON.stringify(JSON.stringify(paramsOf(withUrl)).match(URL_PATTERN)![0])}; an interaction that needs a URL belongs in url mode`,
      evidence: { transcript: excerptAround(agent.transcript, withUrl.seq) },
    });
  else
    agent.context.check(
      forms.length > 0
        ? {
            requirement: "agent.capabilities.elicitation-no-urls-in-forms",
            verdict: "pass",
            message: `the agent's ${forms.length} form-mode elicitation(s) carry no http(s) URL`,
          }
        : {
            requirement: "agent.capabilities.elicitation-no-urls-in-forms",
            verdict: "not-applicable",
            message: "the agent sent no form-mode elicitation",
          },
    );
}

const elicitationIdOf = (request: IncomingMessage) => paramsOf(request).elicitationId;

export function checkIdsUnique(agent: ElicitingAgent, served: KitElicitation): void {
  const { context } = agent;
  const creates = elicitationRequests(agent).filter((request) => paramsOf(request).mode === "url");
  const events = [...creates, ...elicitationCompletions(agent)].sort((a, b) => a.seq - b.seq);
  // Outstanding: sent, accepted, and not yet completed. A declined, cancelled or failed one is over.
  const outstanding = new Map<unknown, IncomingMessage>();
  for (const event of events) {
    const id = elicitationIdOf(event);
    if (event.message.kind === "notification") {
      outstanding.delete(id);
      continue;
    }
    const earlier = outstanding.get(id);
    if (typeof id === "string" && earlier) {
      context.check({
        requirement: "agent.capabilities.elicitation-ids-unique",
        verdict: "fail",
        message: `a url elicitation reused elicitationId ${JSON.stringify(id)} while the earlier one with that id was still outstanding (accepted, never completed)`,
        evidence: { transcript: excerptBetween(agent.transcript, earlier.seq, event.seq) },
      });
      return;
    }
    const answer = served.exchanges.find((exchange) => exchange.request === event)?.answer;
    if (answer === "accept" || answer === "hold") outstanding.set(id, event);
  }
  context.check(
    creates.length >= 2
      ? {
          requirement: "agent.capabilities.elicitation-ids-unique",
          verdict: "pass",
          message: `the agent's ${creates.length} url elicitations never reused the id of an outstanding one`,
        }
      : creates.length === 1
        ? {
            requirement: "agent.capabilities.elicitation-ids-unique",
            verdict: "not-tested",
            message: "the agent sent only one url elicitation in two turns; ids can only clash between two",
          }
        : {
            requirement: "agent.capabilities.elicitation-ids-unique",
            verdict: "not-applicable",
            message: "the agent sent no url-mode elicitation",
          },
  );
}

export function checkCompleteKnownId(agent: ElicitingAgent): void {
  const creates = elicitationRequests(agent).filter((request) => paramsOf(request).mode === "url");
  const completions = elicitationCompletions(agent);
  const unknown = completions.find(
    (completion) =>
      !creates.some(
        (create) => create.seq < completion.seq && elicitationIdOf(create) === elicitationIdOf(completion),
      ),
  );
  if (unknown)
    agent.context.check({
      requirement: "agent.capabilities.elicitation-complete-known-id",
      verdict: "fail",
      message: `elicitation/complete named elicitationId ${JSON.stringify(elicitationIdOf(unknown))}, which no earlier url elicitation carried (the agent's were ${creates.map((create) => JSON.stringify(elicitationIdOf(create))).join(", ") || "none"})`,
      evidence: { transcript: excerptAround(agent.transcript, unknown.seq) },
    });
  else
    agent.context.check(
      completions.length > 0
        ? {
            requirement: "agent.capabilities.elicitation-complete-known-id",
            verdict: "pass",
            message: `each of the agent's ${completions.length} elicitation/complete named one of its url elicitations`,
          }
        : {
            requirement: "agent.capabilities.elicitation-complete-known-id",
            verdict: "not-applicable",
            message: "the agent sent no elicitation/complete (it is optional)",
          },
    );
}
