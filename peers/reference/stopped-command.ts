/**
 * The reference agent's stopped command: after the run-command trigger's short command, it
 * starts one that never ends by itself, shows it live in its tool call (an embedded terminal),
 * and stops it the way terminals.mdx#building-a-timeout does: terminal/kill, the final output,
 * then terminal/release, which the spec requires even after a kill (terminals.mdx#killing-commands).
 */
import { randomUUID } from "node:crypto";
import * as acp from "@agentclientprotocol/sdk";

export interface StoppedCommandTurn {
  client: acp.AgentContext;
  sessionId: string;
}

export async function runAndStopCommand(turn: StoppedCommandTurn, cwd: string): Promise<void> {
  const toolCallId = `tool-${randomUUID()}`;
  const update = (body: acp.SessionUpdate) =>
    turn.client.notify(acp.methods.client.session.update, { sessionId: turn.sessionId, update: body });
  await update({
    sessionUpdate: "tool_call",
    toolCallId,
    title: `Watch a command in ${cwd}, then stop it`,
    kind: "execute",
    status: "in_progress",
    locations: [{ path: cwd }],
  });
  let status: "completed" | "failed" = "completed";
  try {
    const terminal = await turn.client.createTerminal({
      sessionId: turn.sessionId,
      command: process.execPath,
      args: ["-e", "setInterval(() => {}, 1000)"],
      cwd,
      outputByteLimit: 4096,
    });
    try {
      await update({
        sessionUpdate: "tool_call_update",
        toolCallId,
        content: [{ type: "terminal", terminalId: terminal.id }],
      });
      await terminal.kill();
      await terminal.waitForExit();
      await terminal.currentOutput();
    } finally {
      await terminal.release();
    }
  } catch {
    status = "failed";
  }
  await update({ sessionUpdate: "tool_call_update", toolCallId, status });
}
