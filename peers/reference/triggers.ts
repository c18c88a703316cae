/**
 * Prompt texts that steer the bundled reference agent (and the fixture agents, which share
 * its behaviour) into the turns a conformance run needs. Documented in the README; a real
 * agent is steered with --prompt, --cancel-prompt and --permission-prompt instead.
 */

/** Streams a message chunk every 100 ms until the turn is cancelled (or 30 s pass). */
export const LONG_TURN_PROMPT = "acp-conformance: long turn";

/** Announces a tool call, asks permission for it, and runs it only if allowed. */
export const PERMISSION_PROMPT = "acp-conformance: ask permission";

/** Any other text gets a short echo and end_turn. */
export const PLAIN_PROMPT = "acp-conformance: say hello";

/** Reads the file named after it through fs/read_text_file and says its first line (client-tools.ts). */
export const READ_FILE_PROMPT = "acp-conformance: read file";

/** Writes a line to the file named after it through fs/write_text_file. */
export const WRITE_FILE_PROMPT = "acp-conformance: write file";

/** Runs a short command in a client terminal, in the directory named after it. */
export const RUN_COMMAND_PROMPT = "acp-conformance: run command in";

/** Asks the user to choose a strategy through elicitation/create, in a mode the client advertised (elicitation.ts). */
export const ELICITATION_PROMPT = "acp-conformance: ask the user";

export const REFERENCE_PROMPTS = {
  prompt: PLAIN_PROMPT,
  cancelPrompt: LONG_TURN_PROMPT,
  permissionPrompt: PERMISSION_PROMPT,
  readPrompt: `${READ_FILE_PROMPT} {path}`,
  writePrompt: `${WRITE_FILE_PROMPT} {path}`,
  terminalPrompt: `${RUN_COMMAND_PROMPT} {path}`,
  elicitPrompt: ELICITATION_PROMPT,
} as const;

/**
 * REFERENCE_PROMPTS as the CLI's options (`--cancel-prompt "acp-conformance: long turn"`...):
 * what steers an agent built on the reference, as the fixture agents are, to every turn.
 */
export const REFERENCE_PROMPT_OPTIONS: readonly string[] = Object.entries(REFERENCE_PROMPTS).flatMap(
  ([option, text]) => [`--${option.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`, text],
);
