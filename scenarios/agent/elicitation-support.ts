/**
 * What the elicitation scenarios share: advertising exactly one clientCapabilities.elicitation
 * object and serving it (serve-elicitation.ts), the agent's elicitation/create requests and
 * elicitation/complete notifications as the connection saw them, and the checks the scenarios
 * share: no request in a mode the kit did not advertise, and each request scoped to its turn.
 */
import type { ScenarioContext } from "../../kit/scenario.js";
import type { IncomingMessage, JsonRpcConnection } from "../../kit/wire/connection.js";
import type { Transcript } from "../../kit/wire/transcript.js";
import { describeOutcome, excerptAround } from "./evidence.js";
import { advertisedModes, KitElicitation } from "./serve-elicitation.js";
import { isSessionUpdate, updateKind, updateSessionId } from "./session-updates.js";
import type { Turn } from "./turn.js";
import type { V2Turn } from "./v2/turn-updates.js";

/**
 * What the elicitation checks read of a driver: v1's AgentUnderTest and the v2 profile's
 * AgentV2UnderTest are both one, so the v2 scenarios record v1's checks unchanged.
 */
export interface ElicitingAgent {
  readonly context: ScenarioContext;
  readonly connection: JsonRpcConnection;
  readonly transcript: Transcript;
  readonly answers: {
    offered: { elicitation?: Record<string, unknown> };
    elicitation: KitElicitation | undefined;
    readonly unadvertisedElicitations: IncomingMessage[];
  };
}

/** A v1 turn (ended by the session/prompt answer) or a v2 one (acknowledged, ended by the idle state_update). */
export type ElicitedTurn = Turn | V2Turn;

/** Whether the turn ended: v1's session/prompt was answered, v2's idle state_update came. */
export function turnEnded(turn: ElicitedTurn): boolean {
  return "outcome" in turn ? turn.outcome.kind === "response" : turn.idle !== undefined;
}

/** How the turn ended, for a check's message. */
export function describeTurnEnd(turn: ElicitedTurn): string {
  if ("outcome" in turn) return describeOutcome(turn.outcome);
  if (turn.idle) return `ended idle with stopReason ${JSON.stringify(turnStopReason(turn))}`;
  return turn.ack.kind === "response" && !turn.ack.error
    ? "acknowledged, but no idle state_update came in time"
    : `session/prompt got ${describeOutcome(turn.ack)}`;
}

function turnStopReason(turn: V2Turn): unknown {
  const params = turn.idle?.message.kind === "notification" ? turn.idle.message.params : undefined;
  return (params as { update?: { stopReason?: unknown } } | undefined)?.update?.stopReason;
}

/**
 * Advertises `elicitation` as given ({} and null fields included; undefined leaves the field out)
 * and serves the modes it advertises.
 */
export function offerElicitation(
  agent: ElicitingAgent,
  elicitation: Record<string, unknown> | undefined,
): KitElicitation {
  const served = new KitElicitation();
  agent.answers.offered = { ...agent.answers.offered, elicitation };
  agent.answers.elicitation = served;
  // The client still answers a request the agent cancelled: -32800 (cancellation.mdx#cancel_request-notification).
  const unsubscribe = agent.connection.onMessage((incoming) => {
    if (incoming.message.kind === "notification" && incoming.message.method === "$/cancel_request")
      served.releaseCancelled((incoming.message.params as { requestId?: unknown } | undefined)?.requestId);
  });
  // Runs before the agent's teardown: no agent is left waiting on a held request.
  agent.context.defer(async () => {
    unsubscribe();
    served.releaseAll();
  });
  return served;
}

export const paramsOf = (incoming: IncomingMessage) =>
  ((incoming.message.kind === "request" || incoming.message.kind === "notification"
    ? incoming.message.params
    : undefined) ?? {}) as Record<string, unknown>;

const isCall = (incoming: IncomingMessage, method: string) =>
  (incoming.message.kind === "request" || incoming.message.kind === "notification") &&
  incoming.message.method === method;

/** Every elicitation/create the agent sent on this connection (served or refused), in order. */
export function elicitationRequests(agent: ElicitingAgent, turn?: ElicitedTurn): IncomingMessage[] {
  return agent.connection.received.filter(
    (incoming) =>
      isCall(incoming, "elicitation/create") &&
      (turn === undefined || (incoming.seq > turn.request.seq && incoming.seq < turn.endSeq)),
  );
}

/** Every elicitation/complete notification the agent sent on this connection. */
export function elicitationCompletions(agent: ElicitingAgent): IncomingMessage[] {
  return agent.connection.received.filter((incoming) => isCall(incoming, "elicitation/complete"));
}

/** agent.capabilities.elicitation-modes-advertised over the scenario's turns. */
export function checkModesAdvertised(agent: ElicitingAgent, turns: ElicitedTurn[]): void {
  const { context } = agent;
  const modes = advertisedModes(agent.answers.offered.elicitation);
  const { elicitation } = agent.answers.offered;
  const advertised = elicitation === undefined ? "left out" : JSON.stringify(elicitation);
  // v2 renamed the initialize field: name the one the kit sent.
  const field = turns.some((turn) => !("outcome" in turn))
    ? "capabilities.elicitation"
    : "clientCapabilities.elicitation";
  const wrong = agent.answers.unadvertisedElicitations[0];
  if (wrong) {
    context.check({
      requirement: "agent.capabilities.elicitation-modes-advertised",
      verdict: "fail",
      message: `the agent sent elicitation/create in mode ${JSON.stringify(paramsOf(wrong).mode)}, though the kit's ${field} was ${advertised} (${modes.length > 0 ? `only ${modes.join(" and ")}` : "no mode"})`,
      evidence: { transcript: excerptAround(agent.transcript, wrong.seq) },
    });
    return;
  }
  if (!turns.some(turnEnded)) {
    context.check({
      requirement: "agent.capabilities.elicitation-modes-advertised",
      verdict: "not-tested",
      message: `no turn the kit prompted ended (${turns.map(describeTurnEnd).join("; ")}), so whether the agent would have asked is unknown`,
    });
    return;
  }
  const sent = elicitationRequests(agent).length;
  context.check({
    requirement: "agent.capabilities.elicitation-modes-advertised",
    verdict: "pass",
    message:
      sent > 0
        ? `the agent's ${sent} elicitation/create request(s) all used a mode the kit advertised (${field} ${advertised})`
        : `asked to elicit with ${field} ${advertised}, the agent sent no elicitation/create`,
  });
}

/**
 * True when the agent announced tool call `toolCallId` in `sessionId` before `seq`: with a
 * tool_call update in v1, with its first tool_call_update upsert in v2. A v2 agent's tool_call
 * (a variant v2 removed) still told the client of the tool call: that is
 * agent.v2.schema.no-removed-updates's finding, not this one's.
 */
function announcedBefore(
  agent: ElicitingAgent,
  turn: ElicitedTurn,
  toolCallId: unknown,
  seq: number,
): boolean {
  const { sessionId } = turn;
  const announcing = "outcome" in turn ? ["tool_call"] : ["tool_call_update", "tool_call"];
  return agent.connection.received.some(
    (incoming) =>
      incoming.seq < seq &&
      isSessionUpdate(incoming) &&
      updateSessionId(incoming) === sessionId &&
      announcing.includes(updateKind(incoming) ?? "") &&
      (paramsOf(incoming).update as { toolCallId?: unknown }).toolCallId === toolCallId,
  );
}

/** agent.capabilities.elicitation-scope-matches over the session-scoped elicitations of these turns. */
export function checkScopeMatches(agent: ElicitingAgent, turns: ElicitedTurn[]): void {
  const scoped = turns.flatMap((turn) =>
    elicitationRequests(agent, turn)
      .filter((request) => paramsOf(request).sessionId !== undefined)
      .map((request) => ({ turn, request, params: paramsOf(request) })),
  );
  const wrong = scoped
    .map(({ turn, request, params }) => {
      if (params.sessionId !== turn.sessionId)
        return {
          request,
          problem: `names session ${JSON.stringify(params.sessionId)} during a turn of session ${JSON.stringify(turn.sessionId)}`,
        };
      if (params.toolCallId === undefined || params.toolCallId === null) return undefined;
      return announcedBefore(agent, turn, params.toolCallId, request.seq)
        ? undefined
        : {
            request,
            problem: `names tool call ${JSON.stringify(params.toolCallId)}, which the agent had not announced in that session`,
          };
    })
    .find((entry) => entry !== undefined);
  if (wrong)
    agent.context.check({
      requirement: "agent.capabilities.elicitation-scope-matches",
      verdict: "fail",
      message: `an elicitation/create ${wrong.problem}`,
      evidence: { transcript: excerptAround(agent.transcript, wrong.request.seq) },
    });
  else
    agent.context.check(
      scoped.length > 0
        ? {
            requirement: "agent.capabilities.elicitation-scope-matches",
            verdict: "pass",
            message: `the agent's ${scoped.length} session-scoped elicitation(s) named the prompted session and only announced tool calls`,
          }
        : {
            requirement: "agent.capabilities.elicitation-scope-matches",
            verdict: "not-applicable",
            message: "the agent sent no session-scoped elicitation in the turn",
          },
    );
}
