/**
 * The reference agent's optional surface: session modes, session config options (a boolean one
 * only for a client that advertised `session.configOptions.boolean`), an optional
 * authentication method, and logout. Nothing here is required to run a turn: the agent never
 * demands authentication, and modes and options change no behaviour; they exist so the kit's
 * checks of these features have a known-good agent to pass.
 */
import * as acp from "@agentclientprotocol/sdk";

export { REFERENCE_AUTH_METHOD } from "./auth-method.js";

const MODES: acp.SessionMode[] = [
  { id: "ask", name: "Ask", description: "Ask before changing anything" },
  { id: "code", name: "Code", description: "Change files without asking" },
];

const MODELS = [
  { value: "small", name: "Small model" },
  { value: "large", name: "Large model" },
];

/** One session's mode and option values. */
export interface SessionSettings {
  mode: string;
  model: string;
  /** Present only when the client advertised boolean config options. */
  braveMode: boolean | undefined;
}

/** Per-connection state: whether the client takes boolean options, and each session's settings. */
export class ReferenceSessionConfig {
  #booleanOptions = false;
  readonly #settings = new Map<string, SessionSettings>();

  /** Reads what the client advertised; call from initialize. */
  clientInitialized(params: acp.InitializeRequest): void {
    const boolean = params.clientCapabilities?.session?.configOptions?.boolean;
    this.#booleanOptions = boolean !== undefined && boolean !== null;
  }

  /** The extra fields of the session/new result: modes and configOptions. */
  newSession(sessionId: string): Pick<acp.NewSessionResponse, "modes" | "configOptions"> {
    const settings: SessionSettings = {
      mode: "ask",
      model: "small",
      braveMode: this.#booleanOptions ? false : undefined,
    };
    this.#settings.set(sessionId, settings);
    return { modes: modeState(settings), configOptions: configOptions(settings) };
  }

  /** session/set_mode: refuses unknown sessions and modes; the caller announces the change. */
  setMode(params: acp.SetSessionModeRequest): SessionSettings {
    const settings = this.#settings.get(params.sessionId);
    if (!settings) throw acp.RequestError.sessionNotFound(params.sessionId);
    if (!MODES.some((mode) => mode.id === params.modeId))
      throw acp.RequestError.invalidParams({ modeId: params.modeId }, `unknown mode ${params.modeId}`);
    settings.mode = params.modeId;
    return settings;
  }

  /** session/set_config_option: refuses unknown options and values; answers the complete list. */
  setConfigOption(params: acp.SetSessionConfigOptionRequest): {
    settings: SessionSettings;
    modeChanged: boolean;
  } {
    const settings = this.#settings.get(params.sessionId);
    if (!settings) throw acp.RequestError.sessionNotFound(params.sessionId);
    const refuse = (why: string) =>
      acp.RequestError.invalidParams({ configId: params.configId, value: params.value }, why);
    const value: unknown = params.value;
    const isBoolean = "type" in params && params.type === "boolean";
    switch (params.configId) {
      case "mode":
        if (isBoolean || !MODES.some((mode) => mode.id === value)) throw refuse("not a mode");
        settings.mode = value as string;
        return { settings, modeChanged: true };
      case "model":
        if (isBoolean || !MODELS.some((model) => model.value === value)) throw refuse("not a model");
        settings.model = value as string;
        return { settings, modeChanged: false };
      case "brave_mode":
        if (settings.braveMode === undefined) throw refuse("unknown config option brave_mode");
        if (!isBoolean || typeof value !== "boolean") throw refuse("brave_mode takes a boolean");
        settings.braveMode = value;
        return { settings, modeChanged: false };
      default:
        throw refuse(`unknown config option ${params.configId}`);
    }
  }
}

export function modeState(settings: SessionSettings): acp.SessionModeState {
  return { currentModeId: settings.mode, availableModes: MODES };
}

export function configOptions(settings: SessionSettings): acp.SessionConfigOption[] {
  const options: acp.SessionConfigOption[] = [
    {
      id: "mode",
      name: "Session mode",
      category: "mode",
      type: "select",
      currentValue: settings.mode,
      options: MODES.map((mode) => ({ value: mode.id, name: mode.name })),
    },
    {
      id: "model",
      name: "Model",
      category: "model",
      type: "select",
      currentValue: settings.model,
      options: MODELS,
    },
  ];
  if (settings.braveMode !== undefined)
    options.push({
      id: "brave_mode",
      name: "Brave mode",
      description: "Skip confirmation prompts",
      type: "boolean",
      currentValue: settings.braveMode,
    });
  return options;
}
