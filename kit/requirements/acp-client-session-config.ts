/**
 * What an ACP client owes an agent that offers session modes or config options in its
 * session/new answer: it sets only what was offered, prefers config options over modes, falls
 * back to modes when only they are offered, and handles boolean options once it advertised
 * them. Joined into the client's requirements in acp-client.ts.
 */
import type { Requirement } from "./types.js";

const SESSION_MODES = "docs/protocol/v1/session-modes.mdx";
const CONFIG_OPTIONS = "docs/protocol/v1/session-config-options.mdx";

const client = <const R extends Omit<Requirement, "protocol" | "side" | "area">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  area: "capabilities" as const,
  ...requirement,
});

export const ACP_CLIENT_SESSION_CONFIG_REQUIREMENTS = [
  client({
    id: "client.capabilities.set-mode-offered",
    title: "session/set_mode names the session and a modeId among the availableModes the agent offered",
    level: "must",
    cite: `${SESSION_MODES}#from-the-client`,
    rationale:
      "The docs define modeId as the mode to switch to, one of the availableModes the agent returned; any other id is a mode the agent does not have.",
  }),
  client({
    id: "client.capabilities.set-config-offered",
    title:
      "session/set_config_option names the session and an offered configId, with one of a select option's values, or type boolean and a boolean for a boolean option",
    level: "must",
    cite: `${CONFIG_OPTIONS}#from-the-client`,
  }),
  client({
    id: "client.capabilities.prefers-config-options",
    title:
      "offered both configOptions and modes, the client changes settings with set_config_option, never set_mode",
    level: "should",
    cite: `${CONFIG_OPTIONS}#relationship-to-session-modes`,
    rationale:
      "When the agent provides configOptions, clients SHOULD use them instead of modes, and a client that supports them SHOULD use them exclusively.",
  }),
  client({
    id: "client.capabilities.falls-back-to-modes",
    title:
      "offered modes and no configOptions, the client changes the mode with set_mode, never set_config_option",
    level: "should",
    cite: `${CONFIG_OPTIONS}#relationship-to-session-modes`,
    rationale:
      "Clients SHOULD fall back to modes where config options are not what they can use; with none offered, a set_config_option can only name an option that does not exist.",
  }),
  client({
    id: "client.capabilities.handles-boolean-config",
    title:
      "a client that advertised session.configOptions.boolean completes its turn when offered a boolean option, and sets one only with type boolean",
    level: "should",
    position: true,
    cite: `${CONFIG_OPTIONS}#boolean-config-options`,
    rationale:
      "The docs say only that the capability lets agents include boolean options, without a keyword on the client; a client that advertised it and then fails on one, or sets one as if it were a select, claimed a support it does not have.",
  }),
] as const satisfies readonly Requirement[];
