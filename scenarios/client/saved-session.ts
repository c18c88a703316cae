/**
 * The `{session}` placeholder of a client command: it expands to the id of a session the kit's
 * agent holds from before the run (created in the client's working directory, `--cwd`), so a
 * client that can reopen sessions is asked to reopen that one: load it when the agent
 * advertises loadSession, resume it when it advertises sessionCapabilities.resume, and create
 * a new session as usual when it advertises neither. Every client run has such a session (with
 * no history unless the scenario gives one), so the placeholder always names a real one.
 */
import { realpathSync } from "node:fs";
import type { ScenarioContext } from "../../kit/scenario.js";
import type { AgentScript } from "../../peers/script-types.js";
import { nonce } from "../harness/nonce.js";

export const SESSION_PLACEHOLDER = "{session}";

/** The script with its saved sessions (one added when it has none), and what `{session}` expands to. */
export function withSavedSession(
  context: ScenarioContext,
  script: AgentScript,
): { script: AgentScript; expand: Record<string, string> } {
  const savedSessions = script.savedSessions?.length
    ? script.savedSessions
    : [{ sessionId: nonce("saved-session"), cwd: realpathSync(context.options.cwd) }]; // as getcwd() gives it
  return {
    script: { ...script, savedSessions },
    expand: { [SESSION_PLACEHOLDER]: savedSessions[0]!.sessionId },
  };
}

/** Why a check that needs `{session}` does not apply to this run, or undefined when it does. */
export function withoutSessionPlaceholder(context: ScenarioContext): string | undefined {
  if (context.target.args.some((arg) => arg.includes(SESSION_PLACEHOLDER))) return undefined;
  return `the command template has no ${SESSION_PLACEHOLDER}: the kit cannot ask this client to reopen a session (put ${SESSION_PLACEHOLDER} where the client takes the id of a session to load or resume)`;
}
