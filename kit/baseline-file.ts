/**
 * The baseline file: YAML listing the failures a target is known to have (and MUST requirements
 * it cannot be tested on), so CI gates on regressions rather than on the whole backlog. This
 * file reads and writes the format; engine/apply-baseline.ts decides what a listed id does to a
 * run (a listed failure does not fail it; a listed id that now passes fails it as stale).
 *
 *   # acp-conformance baseline
 *   expected-failures:
 *     - agent.jsonrpc.method-not-found            # a requirement id
 *     - id: agent.framing.split-writes            # or a scenario id: what fails in it
 *       reason: the SDK we embed drops split frames (upstream issue 123)
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Node as YamlNode } from "yaml";
import { UsageError } from "./errors.js";
import type { RequirementResult } from "./report/report-types.js";

export interface BaselineEntry {
  /** A requirement id or a scenario id. */
  id: string;
  reason?: string;
  /** 1-based line in the file, for messages that say which line to change. */
  line: number;
}

export interface Baseline {
  file: string;
  entries: BaselineEntry[];
}

export interface BaselineOutcome {
  file: string;
  /** Failing (or untested MUST) requirements the baseline covers. */
  expected: string[];
  /** Entries for which nothing failed although it was tested: delete these lines. */
  stale: Array<{ id: string; line: number }>;
}

const TOP_KEY = "expected-failures";

/** Parses a baseline file; every mistake is a UsageError that names the line. */
export function loadBaseline(file: string, knownIds: ReadonlySet<string>): Baseline {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new UsageError(`--baseline ${file} cannot be read; write one with --write-baseline ${file}`);
  }
  return parseBaseline(text, file, knownIds);
}

export function parseBaseline(text: string, file: string, knownIds: ReadonlySet<string>): Baseline {
  // Loaded only when a baseline is given: most runs have none, and every kit start pays for imports.
  const { LineCounter, isMap, isScalar, isSeq, parseDocument } = createRequire(import.meta.url)(
    "yaml",
  ) as typeof import("yaml");
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const lineOf = (node: YamlNode | null | undefined) => (node?.range ? lines.linePos(node.range[0]).line : 1);
  const fail = (line: number, problem: string): never => {
    throw new UsageError(`${file}:${line}: ${problem}`);
  };
  const firstError = document.errors[0];
  if (firstError)
    fail(firstError.linePos?.[0]?.line ?? 1, `not valid YAML: ${firstError.message.split("\n")[0]}`);
  const root = document.contents;
  if (root === null) return { file, entries: [] };
  if (!isMap(root))
    fail(
      lineOf(root),
      `a baseline is a mapping with one key, ${TOP_KEY}: a list of requirement or scenario ids`,
    );
  const entries: BaselineEntry[] = [];
  for (const pair of (root as { items: Array<{ key: unknown; value: unknown }> }).items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : "";
    if (key !== TOP_KEY)
      fail(lineOf(pair.key as YamlNode), `unknown key ${JSON.stringify(key)}; the only key is ${TOP_KEY}`);
    const list = pair.value as YamlNode | null;
    if (list === null || (isScalar(list) && list.value === null)) continue;
    if (!isSeq(list)) fail(lineOf(list), `${TOP_KEY} must be a list (lines starting with "- ")`);
    for (const item of (list as { items: YamlNode[] }).items) {
      const line = lineOf(item);
      let id: unknown;
      let reason: unknown;
      if (isScalar(item)) id = item.value;
      else if (isMap(item)) {
        for (const field of item.items) {
          const name = isScalar(field.key) ? String(field.key.value) : "";
          const value = isScalar(field.value) ? field.value.value : undefined;
          if (name === "id") id = value;
          else if (name === "reason") reason = value;
          else
            fail(
              lineOf(field.key as YamlNode),
              `unknown field ${JSON.stringify(name)}; an entry has id and an optional reason`,
            );
        }
      } else fail(line, "an entry is an id, or a mapping with id and reason");
      if (typeof id !== "string" || id.length === 0) fail(line, "this entry has no id");
      if (!knownIds.has(id as string))
        fail(
          line,
          `${JSON.stringify(id)} is not a requirement or scenario id of this mode; see: acp-conformance list`,
        );
      if (entries.some((entry) => entry.id === id)) fail(line, `${JSON.stringify(id)} is listed twice`);
      entries.push({ id: id as string, line, ...(typeof reason === "string" ? { reason } : {}) });
    }
  }
  return { file, entries };
}

/**
 * What a baseline can list: failures and warnings, and MUST requirements the kit could not test
 * (a third-party agent that cannot be steered into a permission prompt, say), which would
 * otherwise keep the run from ever passing.
 */
export function needsBaseline(result: RequirementResult): boolean {
  return (
    result.verdict === "fail" ||
    result.verdict === "warn" ||
    (result.level === "must" && result.verdict === "not-tested")
  );
}

/** The current failures as a baseline file, each with the reason the kit gave. */
export function formatBaseline(results: readonly RequirementResult[], header: string): string {
  const failing = results.filter(needsBaseline);
  const lines = [
    `# acp-conformance baseline: ${header}`,
    "# A listed failure does not fail the run; delete an entry once it passes.",
    `${TOP_KEY}:`,
  ];
  if (failing.length === 0) lines[2] = `${TOP_KEY}: []`;
  for (const result of failing) {
    const message =
      result.checks.find((check) => check.verdict === "fail")?.message ??
      `not tested: ${result.checks.find((check) => check.verdict === "not-tested")?.message ?? "no scenario exercised it in this run"}`;
    lines.push(
      `  - id: ${result.id}`,
      `    reason: ${JSON.stringify(message.length > 200 ? `${message.slice(0, 200)}…` : message)}`,
    );
  }
  return `${lines.join("\n")}\n`;
}
