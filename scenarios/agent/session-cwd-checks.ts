/**
 * The session's cwd is the one the agent works in, wherever its process was started: the kit
 * starts the agent in its own working directory (--cwd) and every session in a scratch
 * directory elsewhere, and asks only about files in the session's. A path the agent names
 * inside its process's directory instead (and outside the session's) was resolved against the
 * wrong directory: that is this requirement, the cause, not agent.fs.paths-inside-session-cwd,
 * which judges the paths that remain.
 */
import type { AgentUnderTest } from "./driver.js";
import { excerptAround } from "./evidence.js";
import { SessionRoot } from "./serve-fs.js";

export const SESSION_CWD_USED = "agent.session-matching.session-cwd-used";

/** A path the agent named, and where (client-capabilities.ts collects them). */
interface NamedPath {
  where: string;
  path: unknown;
  seq: number;
}

/** Judges the absolute paths the agent named in a turn; returns those not in its process's directory. */
export function judgeProcessCwdPaths<Named extends NamedPath>(
  agent: AgentUnderTest,
  absolute: readonly Named[],
): Named[] {
  const { context } = agent;
  const session = new SessionRoot(agent.sessionCwd);
  const spawnedIn = new SessionRoot(context.options.cwd);
  if (session.contains(spawnedIn.path) || spawnedIn.contains(session.path)) {
    context.check({
      requirement: SESSION_CWD_USED,
      verdict: "not-tested",
      message: `the agent's process directory ${spawnedIn.path} and the session's cwd ${session.path} overlap, so a path cannot tell which one the agent used`,
      unlock: "--cwd <a directory that neither contains nor lies inside the system's temporary directory>",
    });
    return [...absolute];
  }
  const inProcessDir = (entry: Named) =>
    spawnedIn.contains(entry.path as string) && !session.contains(entry.path as string);
  const misplaced = absolute.find(inProcessDir);
  if (misplaced)
    context.check({
      requirement: SESSION_CWD_USED,
      verdict: "fail",
      message: `the ${misplaced.where} ${JSON.stringify(misplaced.path)} lies in the directory the agent was started in (${spawnedIn.path}), not in the session's cwd ${session.path}: the session's cwd must be used whatever the process's is`,
      evidence: { transcript: excerptAround(agent.transcript, misplaced.seq) },
    });
  else
    context.check(
      absolute.length > 0
        ? {
            requirement: SESSION_CWD_USED,
            verdict: "pass",
            message: `none of the ${absolute.length} absolute path(s) the agent named lies in its process's directory ${spawnedIn.path}`,
          }
        : {
            requirement: SESSION_CWD_USED,
            verdict: "not-applicable",
            message: "the agent named no absolute path in the turn",
          },
    );
  return absolute.filter((entry) => !inProcessDir(entry));
}
