/**
 * The command line that replays one property's counterexample: the same mode, target and
 * steering prompts, only that property, its seed and fast-check's path to the case.
 */
import type { ScenarioContext } from "../../kit/scenario.js";

/** Quotes a word for a POSIX shell when it needs quoting. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

export function replayCommand(
  context: ScenarioContext,
  propertyId: string,
  seed: number,
  path: string,
): string {
  const { prompts, authMethod } = context.options;
  const words = [
    "npx",
    "acp-conformance",
    context.mode,
    "--only",
    propertyId,
    "--seed",
    String(seed),
    "--replay",
    path,
  ];
  // The bundled reference peers are steered by built-in prompts; a third-party target needs the user's.
  if (!context.target.bundled) {
    if (prompts.prompt !== undefined) words.push("--prompt", prompts.prompt);
    if (prompts.cancelPrompt !== undefined) words.push("--cancel-prompt", prompts.cancelPrompt);
    if (prompts.permissionPrompt !== undefined) words.push("--permission-prompt", prompts.permissionPrompt);
    words.push("--", context.target.command, ...context.target.args);
  }
  if (authMethod !== undefined) words.splice(3, 0, "--auth-method", authMethod);
  return words.map(shellQuote).join(" ");
}
