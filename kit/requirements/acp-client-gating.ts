/**
 * Capability gating of an ACP client: it never calls a method, sends a prompt content type or
 * lists an MCP server transport the agent did not advertise in its initialize answer. Each is
 * one of the spec's MUST NOTs on clients (or a MUST restrict), on the page cited; the boolean
 * config value, on which the spec names no keyword for the client, is the kit's position. The
 * same runs show whether the client copes with an agent that offers nothing optional at all.
 */
import { INITIALIZATION, PROMPT_TURN, SESSION_SETUP } from "./acp-spec-pages.js";
import type { Requirement } from "./types.js";

const gate = <const R extends Omit<Requirement, "protocol" | "side" | "area" | "level">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  area: "capabilities" as const,
  level: "must" as const,
  ...requirement,
});

export const ACP_CLIENT_GATING_REQUIREMENTS = [
  gate({
    id: "client.capabilities.no-unadvertised-load",
    title: "never calls session/load unless the agent advertised loadSession: true",
    cite: `${SESSION_SETUP}#checking-support`,
  }),
  gate({
    id: "client.capabilities.no-unadvertised-resume",
    title: "never calls session/resume unless the agent advertised sessionCapabilities.resume",
    cite: `${SESSION_SETUP}#checking-support-1`,
  }),
  gate({
    id: "client.capabilities.no-unadvertised-close",
    title: "never calls session/close unless the agent advertised sessionCapabilities.close",
    cite: `${SESSION_SETUP}#checking-support-2`,
  }),
  gate({
    id: "client.capabilities.no-unadvertised-list",
    title: "never calls session/list unless the agent advertised sessionCapabilities.list",
    cite: "docs/protocol/v1/session-list.mdx#checking-support",
  }),
  gate({
    id: "client.capabilities.no-unadvertised-delete",
    title: "never calls session/delete unless the agent advertised sessionCapabilities.delete (non-null)",
    cite: "docs/protocol/v1/session-delete.mdx#checking-support",
  }),
  gate({
    id: "client.capabilities.no-unadvertised-logout",
    title: "never calls logout unless the agent advertised auth.logout (non-null)",
    cite: "docs/protocol/v1/authentication.mdx#advertising-authentication",
  }),
  gate({
    id: "client.capabilities.no-unadvertised-image",
    title: "sends no image prompt block unless the agent advertised promptCapabilities.image: true",
    cite: `${PROMPT_TURN}#1-user-message`,
  }),
  gate({
    id: "client.capabilities.no-unadvertised-audio",
    title: "sends no audio prompt block unless the agent advertised promptCapabilities.audio: true",
    cite: `${PROMPT_TURN}#1-user-message`,
  }),
  gate({
    id: "client.capabilities.no-unadvertised-embedded-resource",
    title:
      "sends no embedded resource prompt block unless the agent advertised promptCapabilities.embeddedContext: true",
    cite: `${PROMPT_TURN}#1-user-message`,
  }),
  gate({
    id: "client.capabilities.no-unadvertised-http-mcp",
    title: "lists no http MCP server in session/new unless the agent advertised mcpCapabilities.http: true",
    cite: `${SESSION_SETUP}#checking-transport-support`,
  }),
  gate({
    id: "client.capabilities.no-unadvertised-sse-mcp",
    title: "lists no sse MCP server in session/new unless the agent advertised mcpCapabilities.sse: true",
    cite: `${SESSION_SETUP}#checking-transport-support`,
  }),
  gate({
    id: "client.capabilities.no-unadvertised-additional-directories",
    title:
      "sends no additionalDirectories in session/new, load or resume unless the agent advertised sessionCapabilities.additionalDirectories",
    cite: `${SESSION_SETUP}#additional-workspace-roots`,
  }),
  {
    protocol: "acp",
    side: "client",
    area: "capabilities",
    id: "client.capabilities.no-unadvertised-boolean-config",
    title:
      "sends no boolean session/set_config_option value for an option the agent did not offer as boolean, nor without having advertised session.configOptions.boolean",
    cite: "docs/protocol/v1/session-config-options.mdx#boolean-config-options",
    level: "should",
    position: true,
    rationale:
      "Agents must not offer boolean options to a client that did not advertise session.configOptions.boolean, and set_config_option names an option the agent listed; the spec gives the client's own request no keyword, so the kit takes the position that a client sends a boolean value only for an option offered as boolean, after advertising support.",
  },
  {
    protocol: "acp",
    side: "client",
    area: "capabilities",
    id: "client.capabilities.copes-with-withheld-capabilities",
    title:
      "completes its turn when the agent withholds every optional capability, whether each is omitted, null or false",
    cite: `${INITIALIZATION}#capabilities`,
    level: "should",
    rationale:
      "The spec: clients SHOULD support all possible combinations of the agent's capabilities; a client that needs one the agent may leave out (or reads a null or false one as an object) cannot work with that agent at all. The combinations that offer capabilities are judged by the scenarios that offer them.",
  },
] as const satisfies readonly Requirement[];
