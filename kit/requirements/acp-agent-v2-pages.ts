/** The pages of the pinned ACP v2 draft (PINNED_SPEC in index.ts) that agent v2 requirements cite. */
export const V2_INITIALIZATION = "docs/protocol/v2/initialization.mdx";
export const V2_OVERVIEW = "docs/protocol/v2/overview.mdx";
export const V2_SESSION_SETUP = "docs/protocol/v2/session-setup.mdx";
export const V2_PROMPT_LIFECYCLE = "docs/protocol/v2/prompt-lifecycle.mdx";
export const V2_MIGRATION = "docs/protocol/v2/migration.mdx";
export const V2_SCHEMA = "schema/v2/schema.json";
export const V2_TOOL_CALLS = "docs/protocol/v2/tool-calls.mdx";
export const V2_AGENT_PLAN = "docs/protocol/v2/agent-plan.mdx";
export const V2_SLASH_COMMANDS = "docs/protocol/v2/slash-commands.mdx";
export const V2_AUTHENTICATION = "docs/protocol/v2/authentication.mdx";
