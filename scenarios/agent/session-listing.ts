/**
 * Reading session/list to the end: every page in order, following nextCursor, with a bound on
 * the pages so that an agent whose cursor never ends cannot hold the scenario forever.
 */
import type { RequestOutcome } from "../../kit/wire/connection.js";
import type { AgentUnderTest } from "./driver.js";
import { describeOutcome } from "./evidence.js";

/** Far more pages than the few sessions a scenario creates can fill. */
const MAX_PAGES = 20;

export interface ListedSession {
  sessionId?: unknown;
  cwd?: unknown;
  updatedAt?: unknown;
}

export interface Listing {
  /** Every entry of every page, in order (duplicates kept). */
  entries: ListedSession[];
  pages: number;
  /** Why the listing did not reach a page without nextCursor, if it did not. */
  broken?: string;
  /** Transcript seq of the first and the last request. */
  firstSeq: number;
  lastSeq: number;
  /** The first answer (for a listing that must be empty). */
  first: RequestOutcome;
}

export async function listAll(agent: AgentUnderTest, cwd: string): Promise<Listing> {
  const entries: ListedSession[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  let first: RequestOutcome | undefined;
  let firstSeq = -1;
  let lastSeq = -1;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const outcome = await agent.request("session/list", cursor === undefined ? { cwd } : { cwd, cursor });
    first ??= outcome;
    if (firstSeq === -1) firstSeq = outcome.request.seq;
    lastSeq = outcome.kind === "response" ? outcome.response.seq : outcome.request.seq;
    const result = outcome.kind === "response" && !outcome.error ? outcome.result : undefined;
    const sessions = (result as { sessions?: unknown } | undefined)?.sessions;
    if (!Array.isArray(sessions)) {
      const broken = `page ${page}: ${describeOutcome(outcome)}`;
      return { entries, pages: page - 1, broken, firstSeq, lastSeq, first };
    }
    entries.push(...(sessions as ListedSession[]));
    const next = (result as { nextCursor?: unknown }).nextCursor;
    if (next === undefined || next === null) return { entries, pages: page, firstSeq, lastSeq, first };
    if (typeof next !== "string" || cursors.has(next)) {
      const broken = `page ${page} gave nextCursor ${JSON.stringify(next)} again, so the listing never ends`;
      return { entries, pages: page, broken, firstSeq, lastSeq, first };
    }
    cursors.add(next);
    cursor = next;
  }
  return {
    entries,
    pages: MAX_PAGES,
    broken: `still a nextCursor after ${MAX_PAGES} pages`,
    firstSeq,
    lastSeq,
    first: first!,
  };
}

/** ISO 8601 date-time, extended or basic format, with an optional fraction and offset. */
const ISO_8601 = [
  /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}([.,]\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/,
  /^\d{8}(T\d{4}(\d{2}([.,]\d+)?)?(Z|[+-]\d{2}(\d{2})?)?)?$/,
];

export function isIso8601(value: string): boolean {
  return ISO_8601.some((pattern) => pattern.test(value));
}
