/**
 * Consistency checks of a session's modes and config options, recorded by the modes and config
 * scenarios (session-config.ts) on what they already saw: the current mode and every
 * current_mode_update name a listed mode, a select's value is one of its values, categories
 * are the spec's or `_`-prefixed, config_option_update is complete, and modes and the
 * mode-category option agree. Each reads the session/new result and the session's updates.
 */
import type { ScenarioContext } from "../../kit/scenario.js";
import type { AgentUnderTest } from "./driver.js";
import { excerptAround, excerptBetween } from "./evidence.js";
import { notApplicable, updateBody, updatesOfKind } from "./driver-extras.js";

export interface ConfigOption {
  id?: unknown;
  type?: unknown;
  category?: unknown;
  currentValue?: unknown;
  options?: unknown;
}

/** The categories the spec defines (session-config-options.mdx#option-categories). */
const SPEC_CATEGORIES = new Set(["mode", "model", "model_config", "thought_level"]);

/** The value ids of a select option, whether its options are flat or grouped. */
export function selectValues(option: ConfigOption): string[] {
  const items = Array.isArray(option.options) ? (option.options as Array<Record<string, unknown>>) : [];
  return items
    .flatMap((item) =>
      Array.isArray(item.options)
        ? (item.options as Array<{ value?: unknown }>).map((inner) => inner.value)
        : [item.value],
    )
    .filter((value): value is string => typeof value === "string");
}

export function configOptionsOf(result: Record<string, unknown>): ConfigOption[] {
  return (Array.isArray(result.configOptions) ? result.configOptions : []) as ConfigOption[];
}

/** The mode ids session/new listed (empty when it offered no modes) and its current mode. */
export function modesOf(result: Record<string, unknown>): { current: unknown; ids: string[] } {
  const modes = result.modes as { currentModeId?: unknown; availableModes?: unknown } | null | undefined;
  const available = Array.isArray(modes?.availableModes)
    ? (modes.availableModes as Array<{ id?: unknown }>)
    : [];
  return {
    current: modes?.currentModeId,
    ids: available.map((mode) => mode?.id).filter((id): id is string => typeof id === "string"),
  };
}

/** The session's updates of one kind, whatever request they followed, once the agent settled. */
function sessionUpdates(agent: AgentUnderTest, sessionId: string, kind: string) {
  return updatesOfKind(agent, -1, sessionId, kind);
}

export function judgeCurrentModeListed(
  context: ScenarioContext,
  agent: AgentUnderTest,
  result: Record<string, unknown>,
  newSeq: number,
): void {
  const { current, ids } = modesOf(result);
  const listed = typeof current === "string" && ids.includes(current);
  context.check({
    requirement: "agent.capabilities.current-mode-listed",
    verdict: listed ? "pass" : "fail",
    message: listed
      ? `the current mode ${JSON.stringify(current)} is one of the ${ids.length} available modes`
      : `session/new gave currentModeId ${JSON.stringify(current)}, which is not among the availableModes it listed (${ids.map((id) => JSON.stringify(id)).join(", ")})`,
    ...(listed ? {} : { evidence: { transcript: excerptBetween(agent.transcript, newSeq, newSeq + 4) } }),
  });
}

/** Every current_mode_update of the session names a mode its session/new listed. */
export async function judgeModeUpdatesListed(
  context: ScenarioContext,
  agent: AgentUnderTest,
  sessionId: string,
  result: Record<string, unknown>,
): Promise<void> {
  const requirement = "agent.capabilities.mode-update-names-listed-mode";
  const { ids } = modesOf(result);
  if (ids.length === 0) {
    notApplicable(context, [requirement], "session/new offered no modes");
    return;
  }
  const updates = await sessionUpdates(agent, sessionId, "current_mode_update");
  if (updates.length === 0) {
    context.check({ requirement, verdict: "not-tested", message: "the agent sent no current_mode_update" });
    return;
  }
  const unlisted = updates.find((update) => !ids.includes(updateBody(update).currentModeId as string));
  context.check({
    requirement,
    verdict: unlisted ? "fail" : "pass",
    message: unlisted
      ? `a current_mode_update named ${JSON.stringify(updateBody(unlisted).currentModeId)}, which is not among the session's availableModes (${ids.map((id) => JSON.stringify(id)).join(", ")})`
      : `all ${updates.length} current_mode_update notifications named a listed mode`,
    ...(unlisted ? { evidence: { transcript: excerptAround(agent.transcript, unlisted.seq) } } : {}),
  });
}

/** Each select's currentValue is one of its values; every category is the spec's or `_`-prefixed. */
export function judgeOfferedOptions(
  context: ScenarioContext,
  agent: AgentUnderTest,
  options: readonly ConfigOption[],
  newSeq: number,
): void {
  const evidence = { transcript: excerptBetween(agent.transcript, newSeq, newSeq + 4) };
  const selects = options.filter((option) => option.type === "select");
  const unlisted = selects.find(
    (option) =>
      typeof option.currentValue !== "string" || !selectValues(option).includes(option.currentValue),
  );
  if (selects.length === 0)
    context.check({
      requirement: "agent.capabilities.config-current-value-listed",
      verdict: "not-tested",
      message: "session/new offered no select config option",
    });
  else
    context.check({
      requirement: "agent.capabilities.config-current-value-listed",
      verdict: unlisted ? "fail" : "pass",
      message: unlisted
        ? `the select option ${JSON.stringify(unlisted.id)} has currentValue ${JSON.stringify(unlisted.currentValue)}, which is not one of its values (${selectValues(
            unlisted,
          )
            .map((value) => JSON.stringify(value))
            .join(", ")})`
        : `every select option's currentValue is one of its values (${selects.length} options)`,
      ...(unlisted ? { evidence } : {}),
    });
  const invented = options.find(
    (option) =>
      typeof option.category === "string" &&
      !SPEC_CATEGORIES.has(option.category) &&
      !option.category.startsWith("_"),
  );
  context.check({
    requirement: "agent.capabilities.config-categories-reserved",
    verdict: invented ? "fail" : "pass",
    message: invented
      ? `the config option ${JSON.stringify(invented.id)} has category ${JSON.stringify(invented.category)}: names without a leading _ are reserved for the spec (mode, model, model_config, thought_level)`
      : "every config option category is one the spec defines, _-prefixed, or absent",
    ...(invented ? { evidence } : {}),
  });
}

/** Every config_option_update of the session lists every option its session/new offered. */
export async function judgeConfigUpdatesComplete(
  context: ScenarioContext,
  agent: AgentUnderTest,
  sessionId: string,
  result: Record<string, unknown>,
): Promise<void> {
  const requirement = "agent.capabilities.config-update-complete";
  const offered = configOptionsOf(result).map((option) => option.id);
  if (offered.length === 0) {
    notApplicable(context, [requirement], "session/new offered no configOptions");
    return;
  }
  const updates = await sessionUpdates(agent, sessionId, "config_option_update");
  if (updates.length === 0) {
    context.check({ requirement, verdict: "not-tested", message: "the agent sent no config_option_update" });
    return;
  }
  for (const update of updates) {
    const listed = configOptionsOf(updateBody(update)).map((option) => option.id);
    const missing = offered.filter((id) => !listed.includes(id));
    if (missing.length > 0) {
      context.check({
        requirement,
        verdict: "fail",
        message: `a config_option_update left out ${missing.map((id) => JSON.stringify(id)).join(", ")}: it must carry the complete configuration state`,
        evidence: { transcript: excerptAround(agent.transcript, update.seq) },
      });
      return;
    }
  }
  context.check({
    requirement,
    verdict: "pass",
    message: `all ${updates.length} config_option_update notifications listed every offered option`,
  });
}

const IN_STEP = "agent.capabilities.modes-and-options-in-step";

/**
 * At session/new: modes and a config option of category mode, both or neither, showing the
 * same current mode. Returns the mode option when both agree, so a change can be followed.
 */
export function judgeInStepAtStart(
  context: ScenarioContext,
  agent: AgentUnderTest,
  result: Record<string, unknown>,
  newSeq: number,
): ConfigOption | undefined {
  const { current, ids } = modesOf(result);
  const modeOption = configOptionsOf(result).find((option) => option.category === "mode");
  if (ids.length === 0 && !modeOption) {
    notApplicable(
      context,
      [IN_STEP],
      "session/new offered neither modes nor a config option of category mode",
    );
    return undefined;
  }
  const problem =
    ids.length === 0
      ? `session/new offered the mode option ${JSON.stringify(modeOption!.id)} but no modes, for clients of the older API`
      : !modeOption
        ? "session/new offered modes but no config option of category mode, for clients of config options"
        : modeOption.currentValue !== current
          ? `at session/new the modes say ${JSON.stringify(current)} but the mode option ${JSON.stringify(modeOption.id)} says ${JSON.stringify(modeOption.currentValue)}`
          : undefined;
  if (problem) {
    context.check({
      requirement: IN_STEP,
      verdict: "fail",
      message: `modes and the mode option should be offered together and kept in step: ${problem}`,
      evidence: { transcript: excerptBetween(agent.transcript, newSeq, newSeq + 4) },
    });
    return undefined;
  }
  return modeOption;
}

/** After session/set_mode to `target` (undefined when it failed): no config_option_update shows another mode. */
export async function judgeInStepAfterSetMode(
  context: ScenarioContext,
  agent: AgentUnderTest,
  sessionId: string,
  modeOption: ConfigOption,
  target: string | undefined,
  afterSeq: number,
): Promise<void> {
  const before = `at session/new both showed ${JSON.stringify(modeOption.currentValue)}`;
  if (target === undefined) {
    context.check({
      requirement: IN_STEP,
      verdict: "pass",
      message: `${before} (session/set_mode failed, so there was no change to follow)`,
    });
    return;
  }
  const updates = await updatesOfKind(agent, afterSeq, sessionId, "config_option_update");
  const shown = (update: (typeof updates)[number]) =>
    configOptionsOf(updateBody(update)).find((option) => option.id === modeOption.id)?.currentValue;
  const stale = updates.find((update) => shown(update) !== undefined && shown(update) !== target);
  context.check({
    requirement: IN_STEP,
    verdict: stale ? "fail" : "pass",
    message: stale
      ? `after session/set_mode to ${JSON.stringify(target)} a config_option_update showed the mode option ${JSON.stringify(modeOption.id)} at ${JSON.stringify(shown(stale))}: the two views of the mode went out of step`
      : `${before}; ${updates.length === 0 ? "no config_option_update followed session/set_mode" : `the config_option_update after session/set_mode showed ${JSON.stringify(target)}`}`,
    ...(stale ? { evidence: { transcript: excerptAround(agent.transcript, stale.seq) } } : {}),
  });
}
