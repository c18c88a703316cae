/**
 * Tool-call rules judged over every turn of every scenario (recorded with the generic checks):
 * ids unique in their session, updates only for announced calls, statuses that never move
 * back, unique permission option ids, and embedded terminals the kit created. Each passes only
 * on evidence the scenario saw; without any it is not applicable in a scenario that ran a turn.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { AgentRunRecord } from "./agent-run-record.js";
import { excerptAround } from "./evidence.js";
import { agentRequests, turnAt, turnUpdates, turnWindows } from "./turn-windows.js";

const STATUS_ORDER: Record<string, number> = { pending: 0, in_progress: 1, completed: 2, failed: 2 };

/** A turn ran, so "nothing of the kind happened" is worth saying; otherwise nothing is claimed. */
function notApplicable(agent: AgentRunRecord, requirement: RequirementId, message: string): void {
  if (agent.turnsRun > 0) agent.context.check({ requirement, verdict: "not-applicable", message });
}

export function recordToolCallChecks(agent: AgentRunRecord): void {
  const { context, transcript } = agent;
  const windows = turnWindows(agent);
  const key = (sessionId: string, toolCallId: unknown) => `${sessionId}\u0000${String(toolCallId)}`;
  const announcedAt = new Map<string, number>();
  const known = new Set<string>();
  const lastStatus = new Map<string, string>();
  let announcements = 0;
  let updates = 0;
  let statuses = 0;
  let duplicate: { toolCallId: unknown; seq: number; firstSeq: number } | undefined;
  let unknown: { toolCallId: unknown; seq: number } | undefined;
  let backwards: { toolCallId: unknown; from: string; to: string; seq: number } | undefined;
  const embedded: Array<{ terminalId: unknown; seq: number }> = [];

  // Permission requests name a tool call too: an update may follow one instead of a tool_call.
  const permissions = agentRequests(agent, "session/request_permission");
  const permissionAt = new Map<number, { sessionId: string; toolCallId: unknown }>();
  for (const { incoming, params } of permissions) {
    const toolCallId = (params.toolCall as { toolCallId?: unknown } | undefined)?.toolCallId;
    if (typeof params.sessionId === "string" && turnAt(windows, params.sessionId, incoming.seq))
      permissionAt.set(incoming.seq, { sessionId: params.sessionId, toolCallId });
  }
  const events = [
    ...turnUpdates(agent, windows).map((update) => ({ seq: update.incoming.seq, update })),
    ...[...permissionAt].map(([seq, permission]) => ({ seq, permission })),
  ].sort((a, b) => a.seq - b.seq);

  for (const event of events) {
    if ("permission" in event) {
      known.add(key(event.permission.sessionId, event.permission.toolCallId));
      continue;
    }
    const { body, sessionId, incoming } = event.update;
    const kind = body.sessionUpdate;
    if (kind !== "tool_call" && kind !== "tool_call_update") continue;
    const id = key(sessionId, body.toolCallId);
    if (kind === "tool_call") {
      announcements += 1;
      const first = announcedAt.get(id);
      if (first !== undefined) {
        duplicate ??= { toolCallId: body.toolCallId, seq: incoming.seq, firstSeq: first };
        // A reused id starts another call: its statuses are that call's, not a step back (the cause is the id).
        lastStatus.delete(id);
      } else announcedAt.set(id, incoming.seq);
      known.add(id);
    } else {
      updates += 1;
      if (!known.has(id)) unknown ??= { toolCallId: body.toolCallId, seq: incoming.seq };
    }
    if (Array.isArray(body.content))
      for (const content of body.content as Array<{ type?: unknown; terminalId?: unknown }>)
        if (content?.type === "terminal")
          embedded.push({ terminalId: content.terminalId, seq: incoming.seq });
    if (typeof body.status !== "string" || !(body.status in STATUS_ORDER)) continue;
    statuses += 1;
    const previous = lastStatus.get(id);
    if (previous !== undefined && STATUS_ORDER[body.status]! < STATUS_ORDER[previous]!)
      backwards ??= { toolCallId: body.toolCallId, from: previous, to: body.status, seq: incoming.seq };
    lastStatus.set(id, body.status);
  }

  if (duplicate)
    context.check({
      requirement: "agent.prompt.tool-call-ids-unique",
      verdict: "fail",
      message: `a second tool_call announced toolCallId ${JSON.stringify(duplicate.toolCallId)}, already announced in the same session; each tool call needs its own id`,
      evidence: {
        transcript: [
          ...excerptAround(transcript, duplicate.firstSeq, 1, 1),
          ...excerptAround(transcript, duplicate.seq, 2, 1),
        ],
      },
    });
  else if (announcements > 0)
    context.check({
      requirement: "agent.prompt.tool-call-ids-unique",
      verdict: "pass",
      message: `${announcements} tool_call update(s) in prompt turns, each with a toolCallId new to its session`,
    });
  else
    notApplicable(
      agent,
      "agent.prompt.tool-call-ids-unique",
      "the agent announced no tool call in this scenario's turns",
    );

  if (unknown)
    context.check({
      requirement: "agent.prompt.tool-updates-name-known-calls",
      verdict: "fail",
      message: `a tool_call_update named toolCallId ${JSON.stringify(unknown.toolCallId)}, which no earlier tool_call or permission request of the session announced`,
      evidence: { transcript: excerptAround(transcript, unknown.seq) },
    });
  else if (updates > 0)
    context.check({
      requirement: "agent.prompt.tool-updates-name-known-calls",
      verdict: "pass",
      message: `${updates} tool_call_update(s) in prompt turns, each about a tool call announced earlier in its session`,
    });
  else
    notApplicable(
      agent,
      "agent.prompt.tool-updates-name-known-calls",
      "the agent sent no tool_call_update in this scenario's turns",
    );

  if (backwards)
    context.check({
      requirement: "agent.prompt.tool-status-moves-forward",
      verdict: "fail",
      message: `tool call ${JSON.stringify(backwards.toolCallId)} was reported ${backwards.to} after it was ${backwards.from}; a status moves pending → in_progress → completed or failed, never back`,
      evidence: { transcript: excerptAround(transcript, backwards.seq) },
    });
  else if (statuses > 0)
    context.check({
      requirement: "agent.prompt.tool-status-moves-forward",
      verdict: "pass",
      message: `${statuses} tool call status(es) reported in prompt turns, none moving back`,
    });
  else
    notApplicable(
      agent,
      "agent.prompt.tool-status-moves-forward",
      "the agent reported no tool call status in this scenario's turns",
    );

  const repeatedOption = permissions
    .map(({ incoming, params }) => {
      const ids = (Array.isArray(params.options) ? params.options : []).map(
        (option) => (option as { optionId?: unknown } | null)?.optionId,
      );
      return { incoming, repeated: ids.find((id, index) => ids.indexOf(id) !== index) };
    })
    .find((entry) => entry.repeated !== undefined);
  if (repeatedOption)
    context.check({
      requirement: "agent.permission.option-ids-unique",
      verdict: "fail",
      message: `a session/request_permission offered two options with optionId ${JSON.stringify(repeatedOption.repeated)}; the client's answer could mean either`,
      evidence: { transcript: excerptAround(transcript, repeatedOption.incoming.seq) },
    });
  else if (permissions.length > 0)
    context.check({
      requirement: "agent.permission.option-ids-unique",
      verdict: "pass",
      message: `${permissions.length} permission request(s), each with distinct option ids`,
    });
  else
    notApplicable(
      agent,
      "agent.permission.option-ids-unique",
      "the agent sent no permission request in this scenario",
    );

  const created = agent.answers.terminals?.createdIds ?? [];
  const stranger = embedded.find((entry) => !created.includes(entry.terminalId as string));
  if (stranger)
    context.check({
      requirement: "agent.terminal.embedded-terminal-created",
      verdict: "fail",
      message: `tool call content embedded terminal ${JSON.stringify(stranger.terminalId)}, which the kit's terminal/create never returned (it returned ${created.length === 0 ? "none" : created.join(", ")})`,
      evidence: { transcript: excerptAround(transcript, stranger.seq) },
    });
  else if (embedded.length > 0)
    context.check({
      requirement: "agent.terminal.embedded-terminal-created",
      verdict: "pass",
      message: `${embedded.length} embedded terminal(s) in tool call content, each one the kit's terminal/create returned`,
    });
  else
    notApplicable(
      agent,
      "agent.terminal.embedded-terminal-created",
      "the agent embedded no terminal in tool call content in this scenario's turns",
    );
}
