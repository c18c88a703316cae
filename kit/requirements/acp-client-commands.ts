/**
 * Slash commands as an ACP client runs them (docs/protocol/v1/slash-commands.mdx): there is no
 * method for a command; it is a prompt whose text starts with /name. Joined in acp-client.ts.
 */
import type { Requirement } from "./types.js";

export const ACP_CLIENT_COMMAND_REQUIREMENTS = [
  {
    protocol: "acp" as const,
    side: "client" as const,
    id: "client.prompt.command-as-prompt",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/slash-command.ts
    title:
      "a client that runs a command the agent advertised sends it as session/prompt whose text starts with /<name>",
    area: "prompt" as const,
    level: "should" as const,
    cite: "docs/protocol/v1/slash-commands.mdx#running-commands",
    rationale:
      "The spec shows commands run as ordinary prompt text starting with /name, without a keyword; the kit holds that a client running one some other way (the bare name, another method) is one no agent recognises. Only a client that can be made to run a command is tested: its test entry point runs the first advertised command when ACP_CONFORMANCE_SCENARIO is client.prompt.slash-command.",
    position: true as const,
  },
] as const satisfies readonly Requirement[];
