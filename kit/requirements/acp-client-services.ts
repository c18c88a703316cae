/**
 * What an ACP client that advertises fs or terminal owes the agent that calls them: real files
 * read and written as the methods define (docs/protocol/v1/file-system.mdx), real commands run,
 * capped, waited for, killed and released as terminals.mdx defines. Each is judged against the
 * disk and the kit's process scan, only for a client that advertised the capability. Joined
 * into the client's requirements in acp-client.ts.
 */
import type { Requirement } from "./types.js";

const FILE_SYSTEM = "docs/protocol/v1/file-system.mdx";
const TERMINALS = "docs/protocol/v1/terminals.mdx";

const client = <const R extends Omit<Requirement, "protocol" | "side">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  ...requirement,
});

export const ACP_CLIENT_SERVICES_REQUIREMENTS = [
  client({
    id: "client.fs.read-line-limit",
    title:
      "an advertised fs/read_text_file answers { content } with the real file: whole, and from line (1-based) for at most limit lines",
    area: "fs",
    level: "must",
    cite: `${FILE_SYSTEM}#reading-files`,
  }),
  client({
    id: "client.fs.missing-file-error",
    title: "fs/read_text_file of a file that does not exist gets an error (-32002 preferred), not content",
    area: "fs",
    level: "should",
    cite: `${FILE_SYSTEM}#reading-files`,
    rationale:
      "The spec does not say what reading a missing file returns; empty content would tell the agent the file exists and is empty, so the kit expects an error, -32002 (resource not found) preferred.",
    position: true,
  }),
  client({
    id: "client.fs.write-creates-file",
    title:
      "an advertised fs/write_text_file creates a missing file with exactly the bytes sent (multi-byte text, CRLF kept) and answers an empty result",
    area: "fs",
    level: "must",
    cite: `${FILE_SYSTEM}#writing-files`,
  }),
  client({
    id: "client.terminal.create-runs-command",
    title:
      "an advertised terminal/create runs the command with its args, in the given cwd, with the given env",
    area: "terminal",
    level: "must",
    cite: `${TERMINALS}#executing-commands`,
  }),
  client({
    id: "client.terminal.output-truncated-from-start",
    title:
      "past outputByteLimit, terminal/output keeps the newest output, drops the oldest and says truncated",
    area: "terminal",
    level: "must",
    cite: `${TERMINALS}#executing-commands`,
  }),
  client({
    id: "client.terminal.truncation-on-char-boundary",
    title: "truncated output fits outputByteLimit and starts on a character boundary (no broken character)",
    area: "terminal",
    level: "must",
    cite: `${TERMINALS}#executing-commands`,
  }),
  client({
    id: "client.terminal.create-returns-immediately",
    title: "terminal/create of a 30 s command answers with a terminalId within 10 s, without waiting for it",
    area: "terminal",
    level: "must",
    cite: `${TERMINALS}#executing-commands`,
  }),
  client({
    id: "client.terminal.exit-status",
    title:
      "wait_for_exit answers the command's exit code and signal; terminal/output has no exitStatus while it runs and that status once it exited",
    area: "terminal",
    level: "must",
    cite: `${TERMINALS}#waiting-for-exit`,
  }),
  client({
    id: "client.terminal.kill-ends-tree",
    title: "terminal/kill ends the command and the child it started (the kit's process scan)",
    area: "terminal",
    level: "should",
    cite: `${TERMINALS}#killing-commands`,
    rationale:
      "The spec says kill terminates the command; a command's children are part of what the agent started, and a client that kills only the direct process leaves them running (descendant cleanup, as for the agent's own process group).",
    position: true,
  }),
  client({
    id: "client.terminal.kill-keeps-terminal",
    title: "after terminal/kill, terminal/output and wait_for_exit still answer for that terminal",
    area: "terminal",
    level: "must",
    cite: `${TERMINALS}#killing-commands`,
  }),
  client({
    id: "client.terminal.release-ends-tree",
    title: "terminal/release of a running command ends it and the child it started (the kit's process scan)",
    area: "terminal",
    level: "should",
    cite: `${TERMINALS}#releasing-terminals`,
    rationale:
      "The spec says release kills a command still running; a client that kills only the direct process leaves its children running, with no terminal id left to reach them.",
    position: true,
  }),
  client({
    id: "client.terminal.release-invalidates",
    title: "after terminal/release, terminal/output with that id gets an error",
    area: "terminal",
    level: "must",
    cite: `${TERMINALS}#releasing-terminals`,
  }),
] as const satisfies readonly Requirement[];
