/**
 * Session modes and session config options, both optional: a requirement is not applicable
 * when session/new offered no modes (or no config options). The kit switches to another
 * advertised mode and value, asks for ones that do not exist, and checks that boolean options
 * reach only a client that advertised them (a second connection, without that capability).
 */
import { randomUUID } from "node:crypto";
import type { Scenario } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import { defaultInitializeParams } from "./agent-requests.js";
import { describeOutcome, excerptAround, excerptBetween } from "./evidence.js";
import { notApplicable, openSession, updateBody, updatesOfKind } from "./driver-extras.js";
import {
  type ConfigOption,
  configOptionsOf,
  judgeConfigUpdatesComplete,
  judgeCurrentModeListed,
  judgeInStepAfterSetMode,
  judgeInStepAtStart,
  judgeModeUpdatesListed,
  judgeOfferedOptions,
  selectValues,
} from "./session-settings-checks.js";

const MODE_REQUIREMENTS = [
  "agent.capabilities.set-mode-accepted",
  "agent.capabilities.mode-update-matches",
  "agent.capabilities.unknown-mode-refused",
] as const;

/** What the modes scenario also reads of the session's state (session-settings-checks.ts). */
const MODE_STATE_REQUIREMENTS = [
  "agent.capabilities.current-mode-listed",
  "agent.capabilities.mode-update-names-listed-mode",
  "agent.capabilities.config-update-complete",
  "agent.capabilities.modes-and-options-in-step",
] as const;

export const sessionModesScenario: Scenario = {
  id: "agent.capabilities.session-modes",
  title: "session/set_mode to an advertised mode and to an unknown one",
  mode: "agent",
  requirements: [...MODE_REQUIREMENTS, ...MODE_STATE_REQUIREMENTS],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const newSeq = agent.transcript.nextSeq;
    const { sessionId, result } = await openSession(agent);
    const modeOption = judgeInStepAtStart(context, agent, result, newSeq);
    const modes = result.modes as {
      currentModeId?: unknown;
      availableModes?: Array<{ id?: unknown }>;
    } | null;
    const available = (Array.isArray(modes?.availableModes) ? modes.availableModes : []).filter(
      (mode) => typeof mode?.id === "string",
    );
    if (available.length === 0) {
      const modeless = [...MODE_REQUIREMENTS, ...MODE_STATE_REQUIREMENTS.slice(0, 2)];
      notApplicable(context, modeless, "session/new offered no modes");
      await judgeConfigUpdatesComplete(context, agent, sessionId, result);
      return;
    }
    judgeCurrentModeListed(context, agent, result, newSeq);
    const target = String((available.find((mode) => mode.id !== modes?.currentModeId) ?? available[0]!).id);
    const outcome = await agent.request("session/set_mode", { sessionId, modeId: target });
    if (outcome.kind === "response" && !outcome.error) {
      context.check({
        requirement: "agent.capabilities.set-mode-accepted",
        verdict: "pass",
        message: `session/set_mode to the advertised mode ${JSON.stringify(target)} was answered with a result`,
      });
      const updates = await updatesOfKind(agent, outcome.request.seq, sessionId, "current_mode_update");
      const contradicting = updates.filter((update) => updateBody(update).currentModeId !== target);
      if (contradicting.length > 0 || updates.length === 0) {
        context.check({
          requirement: "agent.capabilities.mode-update-matches",
          verdict: "fail",
          message:
            updates.length === 0
              ? `no current_mode_update followed session/set_mode to ${JSON.stringify(target)}`
              : `a current_mode_update after session/set_mode to ${JSON.stringify(target)} named ${JSON.stringify(updateBody(contradicting[0]!).currentModeId)}`,
          evidence: {
            transcript: excerptBetween(agent.transcript, outcome.request.seq - 1, agent.transcript.nextSeq),
          },
        });
      } else {
        context.check({
          requirement: "agent.capabilities.mode-update-matches",
          verdict: "pass",
          message: `session/set_mode was confirmed by a current_mode_update naming ${JSON.stringify(target)}`,
        });
      }
      if (modeOption)
        await judgeInStepAfterSetMode(context, agent, sessionId, modeOption, target, outcome.request.seq);
    } else {
      context.check({
        requirement: "agent.capabilities.set-mode-accepted",
        verdict: "fail",
        message: `session/set_mode to ${JSON.stringify(target)}, a mode the agent listed in availableModes, got ${describeOutcome(outcome)}`,
        evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
      });
      context.check({
        requirement: "agent.capabilities.mode-update-matches",
        verdict: "not-tested",
        message:
          "not exercised: session/set_mode to an advertised mode failed, so there was no change to confirm",
      });
      if (modeOption)
        await judgeInStepAfterSetMode(context, agent, sessionId, modeOption, undefined, outcome.request.seq);
    }

    const unknownMode = `kit-unknown-mode-${randomUUID().slice(0, 8)}`;
    const unknown = await agent.request("session/set_mode", { sessionId, modeId: unknownMode });
    agent.ownDeadline.add(unknown.request);
    context.check(
      unknown.kind === "response" && unknown.error
        ? {
            requirement: "agent.capabilities.unknown-mode-refused",
            verdict: "pass",
            message: `session/set_mode to an unlisted mode was refused with error ${unknown.error.code}`,
          }
        : {
            requirement: "agent.capabilities.unknown-mode-refused",
            verdict: "fail",
            message: `session/set_mode to ${unknownMode}, which availableModes never listed, must be refused with an error; got ${describeOutcome(unknown)}`,
            evidence: { transcript: excerptAround(agent.transcript, unknown.request.seq) },
          },
    );
    await judgeModeUpdatesListed(context, agent, sessionId, result);
    await judgeConfigUpdatesComplete(context, agent, sessionId, result);
  },
};

const CONFIG_REQUIREMENTS = [
  "agent.capabilities.config-option-set",
  "agent.capabilities.unknown-config-option-refused",
  "agent.capabilities.boolean-options-advertised-only",
] as const;

/** Judged on the options session/new offered, and on the session's updates (session-settings-checks.ts). */
const OFFERED_OPTION_REQUIREMENTS = [
  "agent.capabilities.config-current-value-listed",
  "agent.capabilities.config-categories-reserved",
] as const;
const SESSION_UPDATE_REQUIREMENTS = [
  "agent.capabilities.mode-update-names-listed-mode",
  "agent.capabilities.config-update-complete",
] as const;

export const configOptionsScenario: Scenario = {
  id: "agent.capabilities.config-options",
  title:
    "session/set_config_option, an unknown option, and boolean options only for a client that takes them",
  mode: "agent",
  requirements: [...CONFIG_REQUIREMENTS, ...OFFERED_OPTION_REQUIREMENTS, ...SESSION_UPDATE_REQUIREMENTS],
  async run(context) {
    // A second connection, from a client that does not advertise boolean options, opened alongside.
    const withoutBooleans = AgentUnderTest.start(context).then(async (plain) => {
      await plain.handshake();
      return { plain, opened: await openSession(plain) };
    });
    withoutBooleans.catch(() => {}); // judged (and its failure thrown) below
    const agent = await AgentUnderTest.start(context);
    const params = defaultInitializeParams();
    const capabilities = params.clientCapabilities as Record<string, unknown>;
    params.clientCapabilities = { ...capabilities, session: { configOptions: { boolean: {} } } };
    await agent.afterInitialize(await agent.initialize(params));
    const newSeq = agent.transcript.nextSeq;
    const { sessionId, result } = await openSession(agent);
    const options = configOptionsOf(result);
    if (options.length === 0) {
      await withoutBooleans;
      const optionless = [...CONFIG_REQUIREMENTS, ...OFFERED_OPTION_REQUIREMENTS];
      notApplicable(context, optionless, "session/new offered no configOptions");
      await judgeModeUpdatesListed(context, agent, sessionId, result);
      await judgeConfigUpdatesComplete(context, agent, sessionId, result);
      return;
    }
    judgeOfferedOptions(context, agent, options, newSeq);
    // A change for every option that has another value: one select (by its value id) and one boolean.
    const select = options.find(
      (option) =>
        option.type === "select" && selectValues(option).some((value) => value !== option.currentValue),
    );
    const toggle = options.find(
      (option) => option.type === "boolean" && typeof option.currentValue === "boolean",
    );
    const changes = [
      ...(select
        ? [
            {
              configId: select.id,
              value: selectValues(select).find((value) => value !== select.currentValue)!,
            },
          ]
        : []),
      ...(toggle ? [{ configId: toggle.id, type: "boolean", value: !toggle.currentValue }] : []),
    ];
    let judged = changes.length === 0;
    if (judged)
      context.check({
        requirement: "agent.capabilities.config-option-set",
        verdict: "not-tested",
        message: "not exercised: no offered config option has a second value to switch to",
      });
    for (const change of changes) {
      const outcome = await agent.request("session/set_config_option", { sessionId, ...change });
      const answered =
        outcome.kind === "response" && !outcome.error
          ? (outcome.result as { configOptions?: unknown })
          : undefined;
      const listed = (Array.isArray(answered?.configOptions) ? answered.configOptions : []) as ConfigOption[];
      const missing = options
        .filter((option) => !listed.some((entry) => entry.id === option.id))
        .map((option) => option.id);
      const shown = listed.find((entry) => entry.id === change.configId)?.currentValue;
      const problem = !answered
        ? `got ${describeOutcome(outcome)}`
        : missing.length > 0
          ? `the answer lacks ${missing.map((id) => JSON.stringify(id)).join(", ")}: it must list every option`
          : shown !== change.value
            ? `the answer shows ${JSON.stringify(change.configId)} at ${JSON.stringify(shown)}, not the new value ${JSON.stringify(change.value)}`
            : undefined;
      if (problem) {
        context.check({
          requirement: "agent.capabilities.config-option-set",
          verdict: "fail",
          message: `session/set_config_option ${JSON.stringify(change.configId)} = ${JSON.stringify(change.value)}: ${problem}`,
          evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
        });
        judged = true;
        break;
      }
    }
    if (!judged)
      context.check({
        requirement: "agent.capabilities.config-option-set",
        verdict: "pass",
        message: `session/set_config_option was answered with all ${options.length} options, showing the new value (${changes.length} changes)`,
      });

    const unknownId = `kit-unknown-option-${randomUUID().slice(0, 8)}`;
    const unknown = await agent.request("session/set_config_option", {
      sessionId,
      configId: unknownId,
      value: "kit",
    });
    agent.ownDeadline.add(unknown.request);
    context.check(
      unknown.kind === "response" && unknown.error
        ? {
            requirement: "agent.capabilities.unknown-config-option-refused",
            verdict: "pass",
            message: `an unoffered configId was refused with error ${unknown.error.code}`,
          }
        : {
            requirement: "agent.capabilities.unknown-config-option-refused",
            verdict: "fail",
            message: `session/set_config_option for ${unknownId}, which the agent never offered, must be refused with an error; got ${describeOutcome(unknown)}`,
            evidence: { transcript: excerptAround(agent.transcript, unknown.request.seq) },
          },
    );

    const { plain, opened } = await withoutBooleans;
    const offered = (
      Array.isArray(opened.result.configOptions) ? opened.result.configOptions : []
    ) as ConfigOption[];
    const booleans = offered.filter((option) => option.type === "boolean");
    context.check(
      booleans.length > 0
        ? {
            requirement: "agent.capabilities.boolean-options-advertised-only",
            verdict: "fail",
            message: `session/new offered the boolean option ${JSON.stringify(booleans[0]!.id)} to a client that did not advertise session.configOptions.boolean`,
            evidence: { transcript: plain.transcript.excerpt({ limit: 8 }) },
          }
        : {
            requirement: "agent.capabilities.boolean-options-advertised-only",
            verdict: "pass",
            message: `no boolean option offered to a client without session.configOptions.boolean (${toggle ? "one was offered to a client with it" : "the agent offers none"})`,
          },
    );
    await judgeModeUpdatesListed(context, agent, sessionId, result);
    await judgeConfigUpdatesComplete(context, agent, sessionId, result);
  },
};
