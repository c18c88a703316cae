/**
 * What an ACP agent owes when it uses the client's file system and terminals. Each is judged
 * only in a scenario where the kit advertised the capability and steered the agent to use it
 * (--read-prompt, --write-prompt, --terminal-prompt); an agent that does not use the client's
 * capability there is not applicable, not failed. The calls the agent must not make without the
 * capability are agent.capabilities.no-fs-unadvertised and no-terminal-unadvertised.
 */
import { OVERVIEW, SESSION_SETUP } from "./acp-spec-pages.js";
import { agentRequirement as agent } from "./acp-agent-builder.js";
import type { Requirement } from "./types.js";

const FILE_SYSTEM = "docs/protocol/v1/file-system.mdx";
const TERMINALS = "docs/protocol/v1/terminals.mdx";

export const ACP_AGENT_FS_TERMINAL_REQUIREMENTS = [
  agent({
    id: "agent.fs.paths-absolute",
    title: "every path in the agent's fs/* requests and in its tool calls' locations is absolute",
    area: "fs",
    level: "must",
    cite: `${OVERVIEW}#argument-requirements`,
    rationale:
      "All file paths in the protocol MUST be absolute; file-system.mdx and tool-calls.mdx#following-the-agent say the same of these fields.",
  }),
  agent({
    id: "agent.fs.paths-inside-session-cwd",
    title:
      "asked about a file inside the session's cwd, the agent names no path outside it (fs/* requests, tool-call locations, terminal cwd)",
    area: "fs",
    level: "should",
    position: true,
    cite: `${SESSION_SETUP}#working-directory`,
    rationale:
      "The session cwd is the session's file system context and the base for relative paths; the kit only asks about files inside it, so a path outside it means the agent resolved against something else (its own process cwd) or reached beyond the project. The spec does not forbid other paths, so this is the kit's position.",
  }),
  agent({
    id: "agent.fs.read-through-client",
    title:
      "with fs.readTextFile advertised, the file content the agent reports is the client's (fs/read_text_file), not the disk's",
    area: "fs",
    level: "should",
    position: true,
    cite: `${FILE_SYSTEM}#reading-files`,
    rationale:
      "fs/read_text_file returns the client's view of a file, unsaved editor changes included; the kit holds an unsaved edit of the file it asks about, so an agent that quotes the disk's version read it behind the client's back. The spec offers the method but does not oblige an agent to use it: the kit's position.",
  }),
  agent({
    id: "agent.fs.write-through-client",
    title:
      "with fs.writeTextFile advertised, the agent writes the file it is asked to write through fs/write_text_file",
    area: "fs",
    level: "should",
    position: true,
    cite: `${FILE_SYSTEM}#writing-files`,
    rationale:
      "The fs methods let clients track file modifications made during agent execution; a file changed on disk with no fs/write_text_file is a change the client never saw. The spec does not oblige an agent to use the method: the kit's position.",
  }),
  agent({
    id: "agent.terminal.cwd-absolute",
    title: "the cwd of every terminal/create the agent sends is an absolute path",
    area: "terminal",
    level: "must",
    cite: `${TERMINALS}#executing-commands`,
    rationale:
      "The cwd parameter 'Must be an absolute path', and all file paths in the protocol MUST be absolute (overview.mdx#argument-requirements).",
  }),
  agent({
    id: "agent.terminal.released-in-turn",
    title:
      "every terminal the agent creates during a turn is released (terminal/release) before the turn's response",
    area: "terminal",
    level: "should",
    position: true,
    cite: `${TERMINALS}#executing-commands`,
    rationale:
      "The Agent MUST release a terminal when it is no longer needed; when that is, the spec leaves to the agent. The kit's position: a terminal for a short command whose turn has ended is no longer needed (an agent may keep a long-running one on purpose, hence a should).",
  }),
  agent({
    id: "agent.fs.names-its-session",
    title: "every fs/* request names the session whose prompt turn is running",
    area: "fs",
    level: "should",
    position: true,
    cite: `${FILE_SYSTEM}#reading-files`,
    rationale:
      "Each fs request carries a sessionId without a rule for which; the kit's position is that it names the session whose turn made the request, since the client answers it in that session's context.",
  }),
  agent({
    id: "agent.fs.one-based-lines",
    title: "no line number the agent sends (fs/read_text_file line, tool call location line) is 0",
    area: "fs",
    level: "must",
    cite: `${OVERVIEW}#argument-requirements`,
    rationale:
      "Line numbers in the protocol are 1-based; the schema describes both fields as 1-based line numbers, so 0 names no line.",
  }),
  agent({
    id: "agent.terminal.release-after-kill",
    title: "a terminal the agent killed with terminal/kill is still released with terminal/release",
    area: "terminal",
    level: "must",
    cite: `${TERMINALS}#killing-commands`,
  }),
  agent({
    id: "agent.terminal.no-use-after-release",
    title: "after terminal/release, no terminal/* request names that terminal again",
    area: "terminal",
    level: "should",
    position: true,
    cite: `${TERMINALS}#releasing-terminals`,
    rationale:
      "After release the id is invalid for every other terminal method; the spec states it of the id rather than as a rule for the agent, and an agent that uses it gets errors for a terminal it no longer has.",
  }),
] as const satisfies readonly Requirement[];
