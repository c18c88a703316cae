/**
 * What the kit's agent offers in the session-config scenarios' session/new answers (modes, and
 * config options: a mode-like select, a select with grouped values, a boolean), and how each
 * session/set_mode and session/set_config_option the client sent is held against it.
 */
import { selectValues } from "../../peers/agent/session-settings.js";
import { clientMessages, type ClientRun } from "./driver.js";

export type Message = Record<string, unknown>;

export const SESSION_ID = "kit-settings-session";
export const MODES = {
  currentModeId: "ask",
  availableModes: [
    { id: "ask", name: "Ask", description: "Asks before changing anything" },
    { id: "code", name: "Code", description: "Changes files freely" },
  ],
};
export const CONFIG_OPTIONS: Message[] = [
  {
    id: "mode",
    name: "Mode",
    category: "mode",
    type: "select",
    currentValue: "ask",
    options: [
      { value: "ask", name: "Ask" },
      { value: "code", name: "Code" },
    ],
  },
  {
    id: "model",
    name: "Model",
    category: "model",
    type: "select",
    currentValue: "kit-small",
    options: [
      {
        group: "kit",
        name: "Kit models",
        options: [
          { value: "kit-small", name: "Small" },
          { value: "kit-large", name: "Large" },
        ],
      },
    ],
  },
  // Offered whatever the client advertised (a defect the kit's agent plays on purpose), so a
  // client that sets it without having advertised boolean support is seen doing so.
  { id: "brave_mode", name: "Brave mode", type: "boolean", currentValue: false },
];

export const params = (message: Message): Message =>
  typeof message.params === "object" && message.params !== null ? (message.params as Message) : {};
export const sent = (run: ClientRun, method: string) =>
  clientMessages(run).filter((message) => message.method === method);
export const shown = (message: Message) => JSON.stringify(message).slice(0, 500);

/** What is wrong with a set_mode, or undefined when it names the session and an offered mode. */
export function setModeProblem(message: Message): string | undefined {
  const { sessionId, modeId } = params(message);
  if (sessionId !== SESSION_ID)
    return `sessionId ${JSON.stringify(sessionId)} is not the session's (${SESSION_ID})`;
  if (!MODES.availableModes.some((mode) => mode.id === modeId))
    return `modeId ${JSON.stringify(modeId)} is not among the modes offered (ask, code)`;
  return undefined;
}

/** What is wrong with a set_config_option, or undefined when it sets an offered option to a value it allows. */
export function setConfigProblem(message: Message): string | undefined {
  const { sessionId, configId, value, type } = params(message);
  if (sessionId !== SESSION_ID)
    return `sessionId ${JSON.stringify(sessionId)} is not the session's (${SESSION_ID})`;
  const option = CONFIG_OPTIONS.find((candidate) => candidate.id === configId);
  if (!option)
    return `configId ${JSON.stringify(configId)} is not an option offered (mode, model, brave_mode)`;
  if (option.type === "boolean")
    return type === "boolean" && typeof value === "boolean"
      ? undefined
      : `brave_mode is a boolean option: expected type "boolean" and a boolean value, got type ${JSON.stringify(type)} and value ${JSON.stringify(value)}`;
  if (type !== undefined)
    return `${String(configId)} is a select option, set with type ${JSON.stringify(type)}`;
  const values = selectValues(option);
  return values.includes(value)
    ? undefined
    : `value ${JSON.stringify(value)} is not one of ${String(configId)}'s values (${values.join(", ")})`;
}
