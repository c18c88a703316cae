/**
 * What a client script may hold for its profile, checked when the script is loaded (after the
 * schema): a v2 script (protocolVersion: 2) may not ask for what v2 removed
 * (docs/protocol/v2/migration.mdx: session/load, session/set_mode, the client's fs/* and
 * terminal/* methods), and a v1 script may not use what only v2 has (session/resume's
 * replayFrom). These are script mistakes, so each problem says what to use instead.
 */
import type { ClientScript } from "../../script-types.js";

const MCP_INSTEAD =
  "give the agent client-side tools through an MCP server instead (newSession's mcpServers)";

/** The problems of a client script with its profile, each as "<JSON path> <message>" (none: it is fine). */
export function clientProfileProblems(script: ClientScript): string[] {
  return script.protocolVersion === 2 ? v2Problems(script) : v1Problems(script);
}

function v2Problems(script: ClientScript): string[] {
  const problems: string[] = [];
  const capabilities = (script.clientCapabilities ?? {}) as Record<string, unknown>;
  for (const removed of ["fs", "terminal"] as const) {
    if (capabilities[removed] !== undefined)
      problems.push(
        `/clientCapabilities/${removed} is not in ACP v2 (protocolVersion: 2 removed the client's ${removed} methods): drop it and ${MCP_INSTEAD}`,
      );
    if (script[removed] !== undefined)
      problems.push(
        `/${removed} has nothing to serve in ACP v2 (protocolVersion: 2 removed ${removed}/* from the client): drop it and ${MCP_INSTEAD}`,
      );
  }
  script.steps.forEach((step, index) => {
    if ("loadSession" in step)
      problems.push(
        `/steps/${index}/loadSession: ACP v2 removed session/load: use { "resumeSession": { ..., "replayFrom": { "type": "start" } } }`,
      );
    if ("setMode" in step)
      problems.push(
        `/steps/${index}/setMode: ACP v2 removed session/set_mode (modes are config options with category "mode"): use { "setConfigOption": { "configId": <the mode option's id>, "value": "${step.setMode.modeId}" } }`,
      );
  });
  return problems;
}

function v1Problems(script: ClientScript): string[] {
  const problems: string[] = [];
  script.steps.forEach((step, index) => {
    if ("resumeSession" in step && step.resumeSession.replayFrom !== undefined)
      problems.push(
        `/steps/${index}/resumeSession/replayFrom is ACP v2's (v1's session/resume has none): set "protocolVersion": 2 at the script's root, or drop it (v1 replays with loadSession)`,
      );
  });
  return problems;
}
