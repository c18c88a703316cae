/**
 * How long the kit waits for an agent's answers. A prompt turn gets --timeout and a grace past
 * it, so a slow agent is judged late (agent.timeouts.request-answered) but still tested on
 * everything else. An ordinary answer (sessions, probes, the settling sentinel) gets what the
 * preflight learned: many times the slowest of its answers there after initialize (session/new,
 * authenticate), never less than a generous floor nor more than a turn's wait. An agent that
 * answers in milliseconds does not make every probe it ignores cost the whole --timeout; a slow
 * one still gets all of it.
 */
import type { RunOptions } from "../../kit/run-options.js";
import type { PreflightResult } from "../../kit/scenario.js";
import type { SentRequest } from "../../kit/wire/connection.js";

/** The least an ordinary answer is waited for, however fast the agent showed itself (a thousand times a fast agent's). */
const ANSWER_WAIT_FLOOR_MS = 8_000;
/** How many times its first answer's latency an agent gets for an ordinary answer (above the floor). */
const LATENCY_MULTIPLE = 50;

export function turnWaitMs(options: RunOptions): number {
  return options.timeoutMs + Math.min(options.timeoutMs, 5_000);
}

export function answerWaitMs(options: RunOptions, preflight: PreflightResult): number {
  const learned = preflight.latencyMs;
  if (learned === undefined) return turnWaitMs(options);
  return Math.min(turnWaitMs(options), Math.max(ANSWER_WAIT_FLOOR_MS, learned * LATENCY_MULTIPLE));
}

/**
 * The slowest answer among a preflight's requests after initialize (undefined when none was
 * answered): what the agent's ordinary answers are waited for from. initialize is left out,
 * since its latency is mostly the agent's process starting (a quarter of a second for a small
 * Node agent, seconds for a large one), not how fast it answers; so is the preflight's prompt
 * turn, which takes as long as the agent's work and gets a turn's wait anyway.
 */
export function slowestAnswerAfterInitialize(sent: readonly SentRequest[]): number | undefined {
  const latencies = sent.flatMap((request) =>
    request.method !== "initialize" &&
    request.method !== "session/prompt" &&
    request.answeredAtMs !== undefined
      ? [request.answeredAtMs - request.sentAtMs]
      : [],
  );
  return latencies.length > 0 ? Math.max(...latencies) : undefined;
}
