/**
 * capabilities, session modes and config options: the kit's agent offers them in its session/new
 * answer, once modes and config options together (a select with grouped values, a mode-like
 * select and a boolean option) and once modes alone, and judges every session/set_mode and
 * session/set_config_option the client sent: only what was offered, config options preferred
 * over modes, modes when they are all there is, and boolean values only as advertised. A client
 * that changes no setting in a run leaves what that run judges not tested: the spec has clients
 * change settings on a user's action, which a black-box run cannot make.
 */
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { clientMessages, describeExit, runClient, succeeded, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { checkNotExercised } from "./shared-checks.js";
import {
  CONFIG_OPTIONS,
  MODES,
  SESSION_ID,
  params,
  sent,
  setConfigProblem,
  setModeProblem,
  shown,
  type Message,
} from "./session-settings-offered.js";

/** Judges every request of `method` with `problem`: fail on the first wrong one, pass when all are right. */
function recordEachSet(
  context: ScenarioContext,
  requirement: "client.capabilities.set-mode-offered" | "client.capabilities.set-config-offered",
  requests: Message[],
  problem: (message: Message) => string | undefined,
  offered: string,
): void {
  const method = requirement.endsWith("mode-offered") ? "session/set_mode" : "session/set_config_option";
  const wrong = requests.find((message) => problem(message) !== undefined);
  if (wrong)
    context.check({
      requirement,
      verdict: "fail",
      message: `the client sent ${method} with ${problem(wrong)} (${offered})`,
      evidence: { details: [shown(wrong)] },
    });
  else if (requests.length === 0)
    checkNotExercised(
      context,
      requirement,
      `offered ${offered}, the client sent no ${method} (a client changes settings on a user's action, which this run does not make)`,
    );
  else
    context.check({
      requirement,
      verdict: "pass",
      message: `each of the client's ${requests.length} ${method} named the session and what was offered (${offered})`,
    });
}

function booleanAdvertised(run: ClientRun): boolean {
  const initialize = clientMessages(run).find((message) => message.method === "initialize");
  const capabilities = params(initialize ?? {}).clientCapabilities as
    | { session?: { configOptions?: { boolean?: unknown } | null } | null }
    | undefined;
  const flag = capabilities?.session?.configOptions?.boolean;
  return flag !== undefined && flag !== null;
}

function recordBooleanChecks(context: ScenarioContext, run: ClientRun, configSets: Message[]): void {
  const advertised = booleanAdvertised(run);
  const booleans = configSets.filter((message) => params(message).type === "boolean");
  const notBoolean = booleans.find((message) => params(message).configId !== "brave_mode");
  const gate = "client.capabilities.no-unadvertised-boolean-config";
  if (notBoolean || (!advertised && booleans.length > 0))
    context.check({
      requirement: gate,
      verdict: "fail",
      message: notBoolean
        ? `the client sent a boolean value for ${JSON.stringify(params(notBoolean).configId)}, which the agent did not offer as boolean`
        : "the client set a boolean option without having advertised session.configOptions.boolean (the kit's agent offered brave_mode anyway, a defect it plays on purpose)",
      evidence: { details: [shown(notBoolean ?? booleans[0]!)] },
    });
  else if (!succeeded(run))
    checkNotExercised(
      context,
      gate,
      `the client did not complete its turn (${describeExit(run)}), so its whole run was not seen`,
    );
  else
    context.check({
      requirement: gate,
      verdict: "pass",
      message: `judged over the client's whole run: ${booleans.length} boolean set_config_option, each for the option offered as boolean, and the client ${advertised ? "had" : "had not"} advertised session.configOptions.boolean`,
    });

  const handles = "client.capabilities.handles-boolean-config";
  if (!advertised) {
    context.check({
      requirement: handles,
      verdict: "not-applicable",
      message: "the client did not advertise session.configOptions.boolean",
    });
    return;
  }
  const wrong = configSets.find(
    (message) => params(message).configId === "brave_mode" && setConfigProblem(message) !== undefined,
  );
  const problem = wrong
    ? `it set the boolean option wrongly: ${setConfigProblem(wrong)}`
    : !succeeded(run)
      ? `it did not complete its turn when offered one (${describeExit(run)})`
      : undefined;
  context.check(
    problem
      ? {
          requirement: handles,
          verdict: "fail",
          message: `the client advertised boolean config options, but ${problem}`,
        }
      : {
          requirement: handles,
          verdict: "pass",
          message: `the client advertised boolean config options, completed its turn with brave_mode offered${booleans.length ? " and set it with type boolean" : ""}`,
        },
  );
}

export const configOptionsScenario: Scenario = {
  id: "client.capabilities.config-options",
  title:
    "the agent offers modes and config options (select, grouped select, boolean); the client sets only what was offered, through config options",
  mode: "client",
  requirements: [
    "client.capabilities.set-config-offered",
    "client.capabilities.set-mode-offered",
    "client.capabilities.prefers-config-options",
    "client.capabilities.handles-boolean-config",
    "client.capabilities.no-unadvertised-boolean-config",
  ],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([{ message: nonce("settings") }, { stop: "end_turn" }], {
        sessionIds: [SESSION_ID],
        sessionSettings: { modes: MODES, configOptions: CONFIG_OPTIONS },
      }),
    );
    recordGenericClientChecks(context, run);
    const offered = "modes ask, code and config options mode, model, brave_mode";
    const configSets = sent(run, "session/set_config_option");
    const modeSets = sent(run, "session/set_mode");
    recordEachSet(context, "client.capabilities.set-config-offered", configSets, setConfigProblem, offered);
    if (modeSets.length > 0)
      recordEachSet(context, "client.capabilities.set-mode-offered", modeSets, setModeProblem, offered);
    const prefers = "client.capabilities.prefers-config-options";
    if (modeSets.length > 0)
      context.check({
        requirement: prefers,
        verdict: "fail",
        message: `offered config options (a mode option among them) as well as modes, the client changed the mode with session/set_mode${configSets.length ? " besides using set_config_option" : ""}`,
        evidence: { details: [shown(modeSets[0]!)] },
      });
    else if (configSets.length === 0)
      checkNotExercised(context, prefers, "offered both, the client changed no setting at all");
    else
      context.check({
        requirement: prefers,
        verdict: "pass",
        message: `offered both, the client used session/set_config_option (${configSets.length}) and never session/set_mode`,
      });
    recordBooleanChecks(context, run, configSets);
  },
};

export const modesOnlyScenario: Scenario = {
  id: "client.capabilities.modes-only",
  title:
    "the agent offers modes and no config options; the client changes the mode with set_mode, to an offered mode",
  mode: "client",
  requirements: ["client.capabilities.set-mode-offered", "client.capabilities.falls-back-to-modes"],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([{ message: nonce("modes") }, { stop: "end_turn" }], {
        sessionIds: [SESSION_ID],
        sessionSettings: { modes: MODES },
      }),
    );
    recordGenericClientChecks(context, run);
    const modeSets = sent(run, "session/set_mode");
    const configSets = sent(run, "session/set_config_option");
    recordEachSet(
      context,
      "client.capabilities.set-mode-offered",
      modeSets,
      setModeProblem,
      "modes ask, code and no config options",
    );
    const fallback = "client.capabilities.falls-back-to-modes";
    if (configSets.length > 0)
      context.check({
        requirement: fallback,
        verdict: "fail",
        message:
          "offered modes and no config options, the client sent session/set_config_option for an option that does not exist",
        evidence: { details: [shown(configSets[0]!)] },
      });
    else if (modeSets.length === 0)
      checkNotExercised(context, fallback, "offered only modes, the client changed no setting at all");
    else
      context.check({
        requirement: fallback,
        verdict: "pass",
        message: `offered only modes, the client used session/set_mode (${modeSets.length}) and never session/set_config_option`,
      });
  },
};

/**
 * set_mode is sent only after the agent returned modes: in a run whose agent offers none (the
 * auth-required scenario's), any set_mode fails set-mode-offered. Judged over the whole run, so
 * only a run that completed its turn passes.
 */
export function recordNoModesOffered(context: ScenarioContext, run: ClientRun): void {
  const requirement = "client.capabilities.set-mode-offered";
  const modeSets = sent(run, "session/set_mode");
  if (modeSets.length > 0)
    context.check({
      requirement,
      verdict: "fail",
      message: "the client sent session/set_mode although the agent's session/new answer offered no modes",
      evidence: { details: [shown(modeSets[0]!)] },
    });
  else if (succeeded(run))
    context.check({
      requirement,
      verdict: "pass",
      message: "offered no modes, the client sent no session/set_mode over its whole run (a completed turn)",
    });
  else
    checkNotExercised(
      context,
      requirement,
      `offered no modes, the client did not complete its turn (${describeExit(run)}), so its whole run was not seen`,
    );
}
