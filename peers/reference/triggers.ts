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

export const REFERENCE_PROMPTS = {
  prompt: PLAIN_PROMPT,
  cancelPrompt: LONG_TURN_PROMPT,
  permissionPrompt: PERMISSION_PROMPT,
} as const;
