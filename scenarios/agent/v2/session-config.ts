/**
 * Session config options in v2, in one agent process: the options session/new offers; one of them
 * set to another of its values (every option answered, that one changed); an invalid value for it
 * (-32602, the value kept, as session/resume's answer then shows) and an unknown configId
 * (-32602). Every option list the agent sends here is held to its values and to `_` for custom
 * types and categories.
 */
import type { Scenario } from "../../../kit/scenario.js";
import type { RequestOutcome } from "../../../kit/wire/connection.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { AgentV2UnderTest } from "./driver.js";
import { expectInvalidParams, notApplicable, resultOf, sessionCapabilities } from "./session-support.js";

const REQUIREMENTS = [
  "agent.v2.capabilities.config-current-value-valid",
  "agent.v2.extensibility.config-custom-kinds-prefixed",
  "agent.v2.capabilities.config-set-returns-all",
  "agent.v2.capabilities.config-invalid-value-refused",
  "agent.v2.capabilities.config-unknown-option-refused",
] as const;

const ACP_TYPES = ["select", "boolean"];
const ACP_CATEGORIES = ["mode", "model", "model_config", "thought_level"];

interface Option {
  configId?: unknown;
  type?: unknown;
  category?: unknown;
  currentValue?: unknown;
  options?: unknown;
}

const optionsOf = (outcome: RequestOutcome): Option[] | undefined => {
  const list = resultOf(outcome)?.configOptions;
  return Array.isArray(list) ? (list as Option[]) : undefined;
};

/** A select's values, through its groups (SessionConfigSelectOptions: values or groups of values). */
function selectValues(option: Option): unknown[] {
  const entries = Array.isArray(option.options) ? (option.options as Record<string, unknown>[]) : [];
  return entries.flatMap((entry) =>
    (Array.isArray(entry.options) ? (entry.options as Record<string, unknown>[]) : [entry]).map(
      (each) => each.value,
    ),
  );
}

function invalidValue(option: Option): string | undefined {
  if (option.type === "select" && !selectValues(option).includes(option.currentValue))
    return `select ${String(option.configId)}'s currentValue ${JSON.stringify(option.currentValue)} is not among its values`;
  if (option.type === "boolean" && typeof option.currentValue !== "boolean")
    return `boolean ${String(option.configId)}'s currentValue is ${JSON.stringify(option.currentValue)}`;
  return undefined;
}

function unprefixedKind(option: Option): string | undefined {
  if (typeof option.type === "string" && !ACP_TYPES.includes(option.type) && !option.type.startsWith("_"))
    return `type ${JSON.stringify(option.type)}`;
  if (
    typeof option.category === "string" &&
    !ACP_CATEGORIES.includes(option.category) &&
    !option.category.startsWith("_")
  )
    return `category ${JSON.stringify(option.category)}`;
  return undefined;
}

function checkLists(agent: AgentV2UnderTest, lists: { outcome: RequestOutcome; options: Option[] }[]): void {
  for (const [requirement, judge, what] of [
    ["agent.v2.capabilities.config-current-value-valid", invalidValue, "a currentValue its option allows"],
    [
      "agent.v2.extensibility.config-custom-kinds-prefixed",
      unprefixedKind,
      "a type and category ACP defines or that begin with _",
    ],
  ] as const) {
    const bad = lists
      .flatMap(({ outcome, options }) => options.map((option) => ({ outcome, problem: judge(option) })))
      .find((each) => each.problem);
    agent.context.check(
      bad
        ? {
            requirement,
            verdict: "fail",
            message: `every config option must have ${what}: ${bad.problem}`,
            evidence: { transcript: excerptAround(agent.transcript, bad.outcome.request.seq) },
          }
        : {
            requirement,
            verdict: "pass",
            message: `all ${lists.length} option lists the agent sent have ${what}`,
          },
    );
  }
}

export const sessionConfigV2Scenario: Scenario = {
  id: "agent.v2.capabilities.config-options",
  title: "v2 session config options: their values, setting one, an invalid value, an unknown option",
  mode: "agent",
  requirements: REQUIREMENTS,
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    if (!sessionCapabilities(await agent.handshake()))
      return notApplicable(context, REQUIREMENTS, "the agent does not advertise capabilities.session");
    const created = await agent.request("session/new", { cwd: agent.sessionCwd });
    const sessionId = resultOf(created)?.sessionId;
    const offered = optionsOf(created) ?? [];
    if (typeof sessionId !== "string" || offered.length === 0)
      return notApplicable(
        context,
        REQUIREMENTS,
        `session/new offered no config options (${describeOutcome(created)})`,
      );
    const lists = [{ outcome: created, options: offered }];
    const target =
      offered.find(
        (option) =>
          option.type === "select" && selectValues(option).some((value) => value !== option.currentValue),
      ) ?? offered.find((option) => option.type === "boolean");
    if (!target) {
      checkLists(agent, lists);
      return notApplicable(
        context,
        REQUIREMENTS.slice(2),
        "no offered option is a select with a second value or a boolean the kit could set",
      );
    }
    const configId = target.configId;
    const value =
      target.type === "boolean"
        ? !target.currentValue
        : selectValues(target).find((each) => each !== target.currentValue);
    const set = await agent.request("session/set_config_option", {
      sessionId,
      configId,
      type: target.type === "boolean" ? "boolean" : "id",
      value,
    });
    const answered = optionsOf(set);
    if (answered) lists.push({ outcome: set, options: answered });
    const missing = offered
      .map((option) => option.configId)
      .filter((id) => !answered?.some((option) => option.configId === id));
    const changed = answered?.find((option) => option.configId === configId)?.currentValue === value;
    context.check(
      answered && missing.length === 0 && changed
        ? {
            requirement: "agent.v2.capabilities.config-set-returns-all",
            verdict: "pass",
            message: `setting ${String(configId)} answered all ${offered.length} options, it with the new value`,
          }
        : {
            requirement: "agent.v2.capabilities.config-set-returns-all",
            verdict: "fail",
            message: !answered
              ? `setting ${String(configId)} to ${JSON.stringify(value)}, a listed value, must answer every option; got ${describeOutcome(set)}`
              : missing.length > 0
                ? `session/set_config_option must answer every option of the session; missing ${missing.map(String).join(", ")}`
                : `the answer does not show ${String(configId)} set to ${JSON.stringify(value)}`,
            evidence: { transcript: excerptAround(agent.transcript, set.request.seq) },
          },
    );
    const current = changed ? value : target.currentValue;
    const invalid = await agent.request("session/set_config_option", {
      sessionId,
      configId,
      type: "id",
      value: "kit-not-a-value",
    });
    expectInvalidParams(
      agent,
      "agent.v2.capabilities.config-invalid-value-refused",
      invalid,
      `setting ${String(configId)} to "kit-not-a-value", which it does not list,`,
    );
    const resume = await agent.request("session/resume", { sessionId, cwd: agent.sessionCwd });
    const after = optionsOf(resume)?.find((option) => option.configId === configId);
    if (after && after.currentValue !== current)
      context.check({
        requirement: "agent.v2.capabilities.config-invalid-value-refused",
        verdict: "fail",
        message: `a refused value must leave the option unchanged; session/resume then reports ${String(configId)} = ${JSON.stringify(after.currentValue)}, not ${JSON.stringify(current)}`,
        evidence: { transcript: excerptAround(agent.transcript, resume.request.seq) },
      });
    const resumed = optionsOf(resume);
    if (resumed) lists.push({ outcome: resume, options: resumed });
    const unknown = await agent.request("session/set_config_option", {
      sessionId,
      configId: "kit-no-such-option",
      type: "id",
      value: "on",
    });
    expectInvalidParams(
      agent,
      "agent.v2.capabilities.config-unknown-option-refused",
      unknown,
      "setting kit-no-such-option, a configId the session never offered,",
    );
    checkLists(agent, lists);
  },
};
