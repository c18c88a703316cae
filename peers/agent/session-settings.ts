/**
 * The session modes and config options the mock agent offers in its session/new answer
 * (script `sessionSettings`), and its answers to session/set_mode and session/set_config_option.
 * Every id and value is checked against what was offered, so a client that sets something never
 * offered gets -32602, as a real agent would answer it; each session keeps its own values.
 */
import type { AgentScript } from "../script-types.js";

type Reply = { result: unknown } | { error: { code: number; message: string } };
type Option = Record<string, unknown>;
type Modes = { currentModeId?: unknown; availableModes?: Option[] } | undefined;

const invalid = (message: string): Reply => ({
  error: { code: -32602, message: `Invalid params: ${message}` },
});

/** The values a select option offers, flat or in groups. */
export function selectValues(option: Option): unknown[] {
  const entries = Array.isArray(option.options) ? (option.options as Option[]) : [];
  return entries.flatMap((entry) =>
    Array.isArray(entry?.options) ? (entry.options as Option[]).map((inner) => inner?.value) : [entry?.value],
  );
}

export class SessionSettings {
  readonly #offered: NonNullable<AgentScript["sessionSettings"]>;
  readonly #sessions = new Map<string, { modeId?: unknown; options: Option[] }>();

  constructor(script: AgentScript) {
    this.#offered = script.sessionSettings ?? {};
  }

  /** The fields session/new answers besides sessionId, remembered for the session. */
  forNewSession(sessionId: string): Record<string, unknown> {
    const { modes, configOptions } = this.#offered;
    const options = structuredClone(configOptions ?? []);
    this.#sessions.set(sessionId, { modeId: (modes as Modes)?.currentModeId, options });
    return {
      ...(modes ? { modes } : {}),
      ...(configOptions ? { configOptions: options } : {}),
    };
  }

  setMode(params: Record<string, unknown>): Reply {
    const session = this.#sessions.get(String(params.sessionId));
    if (!session)
      return { error: { code: -32002, message: `Session not found: ${String(params.sessionId)}` } };
    const available = (this.#offered.modes as Modes)?.availableModes ?? [];
    if (!available.some((mode) => mode?.id === params.modeId))
      return invalid(`modeId ${JSON.stringify(params.modeId)} is not one of the modes offered`);
    session.modeId = params.modeId;
    return { result: {} };
  }

  setConfigOption(params: Record<string, unknown>): Reply {
    const session = this.#sessions.get(String(params.sessionId));
    if (!session)
      return { error: { code: -32002, message: `Session not found: ${String(params.sessionId)}` } };
    const option = session.options.find((candidate) => candidate.id === params.configId);
    if (!option) return invalid(`configId ${JSON.stringify(params.configId)} is not an option offered`);
    if (option.type === "boolean") {
      if (params.type !== "boolean" || typeof params.value !== "boolean")
        return invalid(`option ${String(option.id)} is boolean: send type "boolean" and a boolean value`);
    } else if (params.type !== undefined || !selectValues(option).includes(params.value))
      return invalid(
        `value ${JSON.stringify(params.value)} is not one of option ${String(option.id)}'s values`,
      );
    option.currentValue = params.value;
    return { result: { configOptions: session.options } };
  }
}
