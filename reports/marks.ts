/**
 * How each requirement verdict is marked, in every format. The marks are plain symbols that
 * every common font has (DejaVu, Liberation, the system UI fonts), never emoji: where no emoji
 * font is installed (headless Chromium on Debian, many CI images) an emoji renders as an empty
 * box, and a report that shows only boxes says nothing. The Markdown adds a word, since it has
 * no colour; the HTML adds colour through the `v-<verdict>` class.
 */
import type { RequirementResult } from "../kit/report/report-types.js";

type Verdict = RequirementResult["verdict"];

export const VERDICT_SYMBOL: Record<Verdict, string> = {
  pass: "✓",
  fail: "✗",
  warn: "!",
  "not-tested": "?",
  "not-applicable": "–",
};

/** Words for text without colour; FAIL is the one a reader must not miss. */
const VERDICT_WORD: Record<Verdict, string> = {
  pass: "pass",
  fail: "FAIL",
  warn: "warn",
  "not-tested": "not tested",
  "not-applicable": "n/a",
};

const ORDER: readonly Verdict[] = ["pass", "fail", "warn", "not-tested", "not-applicable"];
const LEGEND_WORDS: Record<Verdict, string> = {
  pass: "pass",
  fail: "fail",
  warn: "warn (SHOULD)",
  "not-tested": "not tested",
  "not-applicable": "not applicable",
};

/** A mark for Markdown and plain text: symbol and word, e.g. "✗ FAIL". */
export function markText(verdict: Verdict): string {
  return `${VERDICT_SYMBOL[verdict]} ${VERDICT_WORD[verdict]}`;
}

/** A coloured symbol for HTML; the verdict is its accessible name and tooltip. */
export function markHtml(verdict: Verdict): string {
  return `<span class="mark v-${verdict}" role="img" aria-label="${verdict}" title="${verdict}">${VERDICT_SYMBOL[verdict]}</span>`;
}

export function legendText(): string {
  return ORDER.map((verdict) => `${VERDICT_SYMBOL[verdict]} ${LEGEND_WORDS[verdict]}`).join(" · ");
}

export function legendHtml(): string {
  return ORDER.map((verdict) => `${markHtml(verdict)} ${LEGEND_WORDS[verdict]}`).join(" · ");
}
