/** The pages of the pinned ACP spec (PINNED_SPEC in index.ts) that requirements cite. */
export const TRANSPORTS = "docs/protocol/v1/transports.mdx";
export const OVERVIEW = "docs/protocol/v1/overview.mdx";
export const INITIALIZATION = "docs/protocol/v1/initialization.mdx";
export const SESSION_SETUP = "docs/protocol/v1/session-setup.mdx";
export const PROMPT_TURN = "docs/protocol/v1/prompt-turn.mdx";
export const TOOL_CALLS = "docs/protocol/v1/tool-calls.mdx";
