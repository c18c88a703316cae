/**
 * The v2 reference agent's session config options: one select (the session mode, a category ACP
 * defines) and one boolean, each with a default so a session works when the client never sets
 * them (session-config-options.mdx). session/set_config_option answers every option with its
 * current value, and refuses an unknown configId or an invalid value with -32602, leaving the
 * configuration unchanged (the schema's SetSessionConfigOptionRequest).
 */
import * as acp from "@agentclientprotocol/sdk/experimental/v2";
import type { ReferenceSessionV2 } from "./sessions.js";

const MODE_VALUES = ["ask", "code"] as const;
const DEFAULTS: Record<string, string | boolean> = { mode: "ask", brave_mode: false };

/** The session's options with their current values (the default until the client sets one). */
export function configOptionsOf(session: ReferenceSessionV2): acp.SessionConfigOption[] {
  const current = { ...DEFAULTS, ...session.config };
  return [
    {
      configId: "mode",
      name: "Mode",
      category: "mode",
      type: "select",
      currentValue: String(current.mode),
      options: MODE_VALUES.map((value) => ({ value, name: value === "ask" ? "Ask" : "Code" })),
    },
    {
      configId: "brave_mode",
      name: "Brave mode",
      type: "boolean",
      currentValue: current.brave_mode === true,
    },
  ];
}

/** Applies one session/set_config_option, or throws -32602 with the configuration untouched. */
export function setConfigOption(
  session: ReferenceSessionV2,
  params: { configId: string; type?: string; value?: unknown },
): acp.SessionConfigOption[] {
  const { configId, value } = params;
  if (configId === "mode") {
    if (typeof value !== "string" || !(MODE_VALUES as readonly string[]).includes(value))
      throw acp.RequestError.invalidParams(undefined, `mode has no value ${JSON.stringify(value)}`);
  } else if (configId === "brave_mode") {
    if (typeof value !== "boolean")
      throw acp.RequestError.invalidParams(undefined, "brave_mode takes a boolean");
  } else throw acp.RequestError.invalidParams(undefined, `no config option ${JSON.stringify(configId)}`);
  session.config[configId] = value;
  return configOptionsOf(session);
}
