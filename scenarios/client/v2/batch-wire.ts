/**
 * JSON-RPC batches on a v2 run's record (transports.mdx#json-rpc-batch-messages). v2 allows a
 * batch array on a line, which v1's checks over every run (framing, answers, order) read as no
 * message at all; `flattenBatches` gives them each entry as a message of its own, at the time its
 * line was read. And the check every v2 run records on what the client batches itself: never
 * the lifecycle-sensitive messages.
 */
import type { ScenarioContext } from "../../../kit/scenario.js";
import type { PeerEvent } from "../../../peers/observation-log.js";
import type { ClientRun } from "../driver.js";

/** The messages the page names as lifecycle-sensitive, which a batch should not hold. */
const LIFECYCLE_METHODS = ["initialize", "auth/login", "session/new", "session/resume", "session/prompt"];

/**
 * The run with every non-empty batch line, either way, split into one event per entry. The
 * agent's `[]` stays one line (it owes one -32600, as any malformed line); the client's `[]` is
 * dropped here: an empty answer array is what the batch scenario's notification-only batch calls
 * out (client.v2.jsonrpc.batch-notifications-unanswered), so it fails once.
 */
export function flattenBatches(run: ClientRun): ClientRun {
  const events = run.events.flatMap((event): PeerEvent[] => {
    if (event.kind === "sent") {
      const value = parsed(event.text);
      return Array.isArray(value) && value.length > 0
        ? value.map((entry) => ({ ...event, text: JSON.stringify(entry) ?? "undefined" }))
        : [event];
    }
    if (event.kind === "received" && Array.isArray(event.message)) {
      const entries: unknown[] = event.message;
      return entries.map((entry) => ({ ...event, text: JSON.stringify(entry) ?? "", message: entry }));
    }
    return [event];
  });
  return { ...run, events };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The client's batch lines, as arrays of entries. */
export function clientBatches(run: ClientRun): unknown[][] {
  return run.events.flatMap((event) =>
    event.kind === "received" && Array.isArray(event.message) ? [event.message as unknown[]] : [],
  );
}

/**
 * client.v2.jsonrpc.no-lifecycle-batching: no batch of the client's holds initialize,
 * auth/login, session/new, session/resume or session/prompt. Judged only when the client sent
 * one of them at all (alone or batched): a run that never got that far shows nothing.
 */
export function recordLifecycleBatchingCheck(context: ScenarioContext, run: ClientRun): void {
  const methodOf = (entry: unknown) =>
    typeof entry === "object" && entry !== null ? (entry as { method?: unknown }).method : undefined;
  const batched = clientBatches(run)
    .flat()
    .map(methodOf)
    .filter((method): method is string => typeof method === "string" && LIFECYCLE_METHODS.includes(method));
  const alone = run.events.flatMap((event) =>
    event.kind === "received" && !Array.isArray(event.message) ? [methodOf(event.message)] : [],
  );
  const sent = LIFECYCLE_METHODS.filter((method) => alone.includes(method));
  if (batched.length === 0 && sent.length === 0) return;
  context.check(
    batched.length > 0
      ? {
          requirement: "client.v2.jsonrpc.no-lifecycle-batching",
          verdict: "fail",
          message: `the client sent ${batched[0]} inside a batch array; lifecycle-sensitive messages (${LIFECYCLE_METHODS.join(", ")}) should go alone`,
        }
      : {
          requirement: "client.v2.jsonrpc.no-lifecycle-batching",
          verdict: "pass",
          message: `the client sent ${sent.join(", ")} each on a line of its own, never inside a batch`,
        },
  );
}
