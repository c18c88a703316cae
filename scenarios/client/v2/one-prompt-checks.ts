/**
 * One prompt at a time on a v2 session (prompt-lifecycle.mdx#6-continue-conversation): the
 * session/prompt response is only the acknowledgment, so v1's check (no prompt while the last is
 * unanswered) passes any v2 client; in v2 the turn runs until the agent's idle state_update, and
 * the next prompt on the session comes after it. A prompt the agent refused with an error started
 * no turn. Recorded over every v2 run (generic-checks-v2.ts).
 */
import type { ScenarioContext } from "../../../kit/scenario.js";
import { idKey } from "../../../kit/wire/jsonrpc.js";
import type { ClientRun } from "../driver.js";
import { asObject, readTimeline } from "../wire-timeline.js";

const requirement = "client.v2.prompt.one-prompt-at-a-time";

export function recordOnePromptAtATime(context: ScenarioContext, run: ClientRun): void {
  const running = new Set<string>(); // sessions whose turn the agent has not yet reported idle
  const promptSessions = new Map<string, string>(); // the client's prompt ids (key) → its sessionId
  let prompts = 0;
  let overlap: string | undefined;
  for (const entry of readTimeline(run).entries) {
    const message = entry.message;
    if (entry.from === "agent") {
      if (message.kind === "response" && message.error !== undefined) {
        const refused = promptSessions.get(idKey(message.id));
        if (refused !== undefined) running.delete(refused);
      }
      const params = message.kind === "notification" ? asObject(message.params) : undefined;
      const update = asObject(params?.update);
      if (
        message.kind === "notification" &&
        message.method === "session/update" &&
        update?.sessionUpdate === "state_update" &&
        update.state === "idle"
      )
        running.delete(String(params?.sessionId));
      continue;
    }
    if (message.kind !== "request" || message.method !== "session/prompt") continue;
    prompts += 1;
    const sessionId = String(asObject(message.params)?.sessionId);
    if (running.has(sessionId))
      overlap ??= `the client sent a second session/prompt on ${sessionId} before the agent's idle state_update ended the turn of the previous one`;
    running.add(sessionId);
    promptSessions.set(idKey(message.id), sessionId);
  }
  if (prompts === 0) return;
  context.check(
    overlap
      ? { requirement, verdict: "fail", message: overlap }
      : {
          requirement,
          verdict: "pass",
          message: `${prompts} prompt(s), none on a session whose turn the agent had not yet reported idle`,
        },
  );
}
