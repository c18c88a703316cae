/**
 * What an ACP agent owes for the MCP servers a client lists in session/new, for the content
 * blocks it advertises in promptCapabilities (and the binary content it sends), and for the
 * slash commands it advertises.
 */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import { SESSION_SETUP } from "./acp-spec-pages.js";
import type { Requirement } from "./types.js";

const CONTENT = "docs/protocol/v1/content.mdx";
const SLASH_COMMANDS = "docs/protocol/v1/slash-commands.mdx";

export const ACP_AGENT_MCP_CONTENT_REQUIREMENTS = [
  // MCP servers
  agent({
    id: "agent.capabilities.mcp-stdio-started",
    title:
      "a stdio MCP server listed in session/new is started with its command, args and env, and sent MCP initialize",
    area: "capabilities",
    level: "must",
    cite: `${SESSION_SETUP}#stdio-transport`,
    rationale: "All agents MUST support the stdio transport for MCP servers.",
  }),
  agent({
    id: "agent.capabilities.mcp-all-servers-started",
    title: "every MCP server listed in session/new is connected, not only the first",
    area: "capabilities",
    level: "should",
    cite: `${SESSION_SETUP}#checking-transport-support`,
    rationale: "The agent should connect to all MCP servers the client specifies.",
  }),
  agent({
    id: "agent.capabilities.mcp-http-advertised",
    title: "the initialize result advertises agentCapabilities.mcpCapabilities.http",
    area: "capabilities",
    level: "should",
    cite: `${SESSION_SETUP}#mcp-servers`,
    rationale: "The spec recommends that new agents support the HTTP transport for MCP servers.",
  }),
  agent({
    id: "agent.capabilities.mcp-http-accepted",
    title:
      "an agent that advertises mcpCapabilities.http accepts an HTTP MCP server in session/new and sends it MCP initialize",
    area: "capabilities",
    level: "must",
    gate: "agentCapabilities.mcpCapabilities.http",
    cite: `${SESSION_SETUP}#http-transport`,
    rationale:
      "Advertising mcpCapabilities.http declares support for HTTP MCP servers; the client may then list one.",
  }),
  agent({
    id: "agent.cleanup.mcp-servers-stopped-on-close",
    title: "the stdio MCP servers the agent started for a session are gone once session/close answered",
    area: "cleanup",
    level: "should",
    position: true,
    gate: "agentCapabilities.sessionCapabilities.close",
    cite: `${SESSION_SETUP}#closing-a-session`,
    rationale:
      "The spec says session/close frees the session's resources without naming them; the MCP servers started for the session are such resources, and one still running after close outlives the session it served.",
  }),
  // content
  agent({
    id: "agent.prompt.image-accepted",
    title:
      "an agent that advertises promptCapabilities.image answers a prompt with an image block with a stopReason",
    area: "prompt",
    level: "must",
    gate: "agentCapabilities.promptCapabilities.image",
    cite: `${CONTENT}#image-content`,
    rationale: "Advertising the image prompt capability declares that the agent accepts image blocks.",
  }),
  agent({
    id: "agent.prompt.audio-accepted",
    title:
      "an agent that advertises promptCapabilities.audio answers a prompt with an audio block with a stopReason",
    area: "prompt",
    level: "must",
    gate: "agentCapabilities.promptCapabilities.audio",
    cite: `${CONTENT}#audio-content`,
    rationale: "Advertising the audio prompt capability declares that the agent accepts audio blocks.",
  }),
  agent({
    id: "agent.prompt.resource-accepted",
    title:
      "an agent that advertises promptCapabilities.embeddedContext answers a prompt with an embedded resource with a stopReason",
    area: "prompt",
    level: "must",
    gate: "agentCapabilities.promptCapabilities.embeddedContext",
    cite: `${CONTENT}#embedded-resource`,
    rationale: "Advertising embeddedContext declares that the agent accepts embedded resource blocks.",
  }),
  agent({
    id: "agent.schema.binary-content-base64",
    title: "the data of image and audio blocks and the blob of resources the agent sends are base64",
    area: "schema",
    level: "must",
    cite: "schema/v1/schema.json#/$defs/ImageContent/properties/data",
    rationale:
      "The schema describes ImageContent.data and AudioContent.data as base64-encoded media and BlobResourceContents.blob as base64-encoded bytes.",
  }),
  // slash commands
  agent({
    id: "agent.session-matching.commands-for-created-session",
    title: "available_commands_update comes after session/new answered, carrying the session id it returned",
    area: "session-matching",
    level: "must",
    cite: `${SLASH_COMMANDS}#advertising-commands`,
    rationale:
      "Commands are advertised after a session is created, in a session/update for that session; a client cannot place an update for a session id it was never given.",
    // The same on the v2 wire: the v2 profile records it from scenarios/agent/v2/slash-commands.ts.
    versions: [1, 2],
  }),
  agent({
    id: "agent.prompt.slash-command-runs",
    title:
      "a prompt that starts with an advertised /command (alone, or with a resource link) ends with a stopReason",
    area: "prompt",
    level: "must",
    cite: `${SLASH_COMMANDS}#running-commands`,
    rationale:
      "A command is run by including /name in an ordinary session/prompt, and every prompt turn ends with a stop reason.",
  }),
] as const satisfies readonly Requirement[];
