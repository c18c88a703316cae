/**
 * The client-mode scenarios, run through the runtime's acp transport and judged under the client
 * requirements: the one place runtime mode uses client mode's folder.
 */
import type { Scenario } from "../../kit/scenario.js";
import { CLIENT_SCENARIOS } from "../client/index.js";
import { SESSION_SCENARIOS } from "../client/sessions.js";

/**
 * Each fixed client-mode scenario, renamed runtime.acp-<name> and marked transport "acp". The
 * client-mode properties are left out: each case is a whole run of the target, so through a
 * runtime they would multiply the runtime suite's time by their --runs for requirements the
 * fixed scenarios already exercise there. The session scenarios are left out too: they need a
 * client command with {session}, and a runtime starts each task on a new session of its own.
 */
export const ACP_RUNTIME_SCENARIOS: readonly Scenario[] = CLIENT_SCENARIOS.filter(
  (scenario) => !scenario.property && !SESSION_SCENARIOS.includes(scenario),
).map((scenario) => ({
  ...scenario,
  id: `runtime.acp-${scenario.id.slice("client.".length)}`,
  title: `${scenario.title} (through the runtime's acp transport)`,
  mode: "runtime",
  transport: "acp",
}));
