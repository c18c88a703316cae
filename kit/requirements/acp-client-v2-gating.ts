/**
 * Capability gating of an ACP v2 client: it uses no optional surface the agent's initialize
 * answer did not advertise with a present, non-null marker under `capabilities.session`
 * (initialization.mdx#capabilities: omitted or null means unsupported), and it copes with an
 * agent that advertises none of them. v2 moved every marker (and made them objects), so these
 * are v2's own ids rather than v1's client.capabilities.* ones. Joined into the client's
 * requirements in acp-client.ts.
 */
import type { Requirement } from "./types.js";

const V2 = "docs/protocol/v2";

const gate = <const R extends Omit<Requirement, "protocol" | "side" | "versions" | "area">>(
  requirement: R,
) => ({
  protocol: "acp" as const,
  side: "client" as const,
  versions: [2] as const,
  area: "capabilities" as const,
  ...requirement,
});

export const ACP_CLIENT_V2_GATING_REQUIREMENTS = [
  gate({
    id: "client.v2.capabilities.no-unadvertised-delete",
    title:
      "never calls session/delete unless the agent advertised capabilities.session.delete (present, non-null)",
    level: "must",
    cite: `${V2}/session-delete.mdx#checking-support`,
  }),
  gate({
    id: "client.v2.capabilities.no-unadvertised-additional-directories",
    title:
      "sends no additionalDirectories in session/new or session/resume unless the agent advertised capabilities.session.additionalDirectories",
    level: "must",
    cite: `${V2}/session-setup.mdx#additional-workspace-roots`,
  }),
  gate({
    id: "client.v2.capabilities.no-unadvertised-mcp",
    title:
      "lists a stdio or http MCP server in session/new or session/resume only when the agent advertised capabilities.session.mcp.stdio or .http",
    level: "must",
    cite: `${V2}/session-setup.mdx#checking-transport-support`,
  }),
  gate({
    id: "client.v2.capabilities.no-unadvertised-prompt-content",
    title:
      "sends no image, audio or embedded resource prompt block unless the agent advertised capabilities.session.prompt.image, .audio or .embeddedContext",
    level: "must",
    cite: `${V2}/initialization.mdx#capabilities`,
  }),
  gate({
    id: "client.v2.capabilities.copes-with-withheld",
    title:
      "completes its turn when the agent advertises every optional session capability as null (no prompt content, MCP, delete or extra roots)",
    level: "should",
    cite: `${V2}/initialization.mdx#capabilities`,
    rationale:
      "The spec: clients SHOULD support all combinations of the agent's capabilities; a client that needs one the agent may leave out, or takes a null marker for an object, cannot work with that agent at all.",
  }),
] as const satisfies readonly Requirement[];
