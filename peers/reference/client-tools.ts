/**
 * The reference agent's turns that use the client's file system and terminals, as a real
 * agent would: only when the client advertised the capability; each announced as a tool call
 * whose locations are absolute paths; every path absolute; every terminal released before the
 * turn ends. Without the capability it says so and ends the turn without calling the client.
 */
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { runAndStopCommand } from "./stopped-command.js";
import { reportUsage } from "./usage-report.js";
import { READ_FILE_PROMPT, RUN_COMMAND_PROMPT, WRITE_FILE_PROMPT } from "./triggers.js";

/** What the reference agent writes for the write-file trigger. */
export const WRITTEN_TEXT = "written by the acp-conformance reference agent through fs/write_text_file\n";
/** What the command of the run-command trigger prints. */
export const COMMAND_OUTPUT = "acp-conformance terminal ✓";

type ToolKind = "read" | "edit" | "execute";

interface ToolTurn {
  client: acp.AgentContext;
  sessionId: string;
  /** The session's cwd: a path in the prompt is taken relative to it. */
  cwd: string;
  capabilities: acp.ClientCapabilities | undefined;
}

/** The trigger the text starts a client-tool turn with, and the path after it. */
export function clientToolTrigger(text: string): { trigger: string; path: string } | undefined {
  for (const trigger of [READ_FILE_PROMPT, WRITE_FILE_PROMPT, RUN_COMMAND_PROMPT]) {
    const at = text.indexOf(trigger);
    if (at === -1) continue;
    const path = text
      .slice(at + trigger.length)
      .split("\n")[0]!
      .trim();
    return { trigger, path };
  }
  return undefined;
}

export async function clientToolTurn(turn: ToolTurn, text: string): Promise<acp.StopReason> {
  const found = clientToolTrigger(text);
  if (!found) return "end_turn";
  // Every path the agent sends is absolute (overview.mdx#argument-requirements).
  const path = resolve(turn.cwd, found.path || ".");
  if (found.trigger === READ_FILE_PROMPT) await readFile(turn, path);
  else if (found.trigger === WRITE_FILE_PROMPT) await writeFile(turn, path);
  else await runCommand(turn, path);
  await reportUsage(turn.client, turn.sessionId);
  return "end_turn";
}

const say = (turn: ToolTurn, text: string) =>
  turn.client.notify(acp.methods.client.session.update, {
    sessionId: turn.sessionId,
    update: {
      sessionUpdate: "agent_message_chunk",
      messageId: randomUUID(),
      content: { type: "text", text },
    },
  });

/** Announces a tool call, runs `work`, and reports it completed or failed. */
async function asTool(
  turn: ToolTurn,
  tool: { title: string; kind: ToolKind; path: string },
  work: (toolCallId: string) => Promise<string>,
): Promise<void> {
  const toolCallId = `tool-${randomUUID()}`;
  const update = (body: acp.SessionUpdate) =>
    turn.client.notify(acp.methods.client.session.update, { sessionId: turn.sessionId, update: body });
  await update({
    sessionUpdate: "tool_call",
    toolCallId,
    title: tool.title,
    kind: tool.kind,
    status: "in_progress",
    locations: [{ path: tool.path }],
  });
  try {
    const said = await work(toolCallId);
    await update({ sessionUpdate: "tool_call_update", toolCallId, status: "completed" });
    await say(turn, said);
  } catch (error) {
    await update({ sessionUpdate: "tool_call_update", toolCallId, status: "failed" });
    await say(turn, `${tool.title} failed: ${(error as Error).message}`);
  }
}

async function readFile(turn: ToolTurn, path: string): Promise<void> {
  if (!turn.capabilities?.fs?.readTextFile) {
    await say(turn, "The client does not offer fs/read_text_file, so I cannot read files through it.");
    return;
  }
  await asTool(turn, { title: `Read ${path}`, kind: "read", path }, async () => {
    const { content } = await turn.client.request(acp.methods.client.fs.readTextFile, {
      sessionId: turn.sessionId,
      path,
      line: 1, // 1-based (overview.mdx#argument-requirements): from the first line, the whole file
    });
    return `The first line of ${path} is: ${content.split("\n")[0]}`;
  });
}

async function writeFile(turn: ToolTurn, path: string): Promise<void> {
  if (!turn.capabilities?.fs?.writeTextFile) {
    await say(turn, "The client does not offer fs/write_text_file, so I cannot write files through it.");
    return;
  }
  await asTool(turn, { title: `Write ${path}`, kind: "edit", path }, async () => {
    await turn.client.request(acp.methods.client.fs.writeTextFile, {
      sessionId: turn.sessionId,
      path,
      content: WRITTEN_TEXT,
    });
    return `Wrote ${path}.`;
  });
}

async function runCommand(turn: ToolTurn, cwd: string): Promise<void> {
  if (!turn.capabilities?.terminal) {
    await say(turn, "The client does not offer terminals, so I cannot run commands through it.");
    return;
  }
  await asTool(turn, { title: `Run a command in ${cwd}`, kind: "execute", path: cwd }, async () => {
    const terminal = await turn.client.createTerminal({
      sessionId: turn.sessionId,
      command: process.execPath,
      args: ["-e", `process.stdout.write(${JSON.stringify(COMMAND_OUTPUT)})`],
      cwd,
      outputByteLimit: 4096,
    });
    try {
      const exit = await terminal.waitForExit();
      const { output } = await terminal.currentOutput();
      return `The command exited with code ${exit.exitCode} and printed: ${output}`;
    } finally {
      // The agent MUST release a terminal it no longer needs (terminals.mdx#executing-commands).
      await terminal.release();
    }
  });
  await runAndStopCommand(turn, cwd);
}
