/**
 * The v2 reference agent's own tool turns, steered by v1's write-file and run-command prompts
 * (peers/reference/triggers.ts). v2 removed the client's fs/* and terminal/*, so the agent does
 * the work itself and only reports it (tool-calls.mdx): a write is an `edit` tool call with a
 * location and a diff (structured changes and a git_patch with absolute paths), tracked by a
 * plan; a command is an `execute` tool call whose display-only terminal is reported with
 * `terminal_update` (command and absolute cwd first, exit status last) and base64
 * `terminal_output_chunk`s.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type * as acp from "@agentclientprotocol/sdk/experimental/v2";

type Notify = (update: acp.SessionUpdate) => Promise<void>;

/** The line the reference appends to the file a write prompt names. */
export const WRITTEN_LINE = "written by the acp-conformance reference agent";

/** The path after a trigger text, absolute against the session's cwd. */
export function pathAfter(text: string, trigger: string, cwd: string): string {
  const rest = text.slice(text.indexOf(trigger) + trigger.length).trim();
  const path = rest.length > 0 ? rest : "acp-conformance.txt";
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/** A git_patch for a text file whose old lines stay and one line is appended (or a new file). */
function appendPatch(path: string, before: string | undefined, line: string): string {
  const header = `diff --git ${path} ${path}\n`;
  if (before === undefined)
    return `${header}new file mode 100644\n--- /dev/null\n+++ ${path}\n@@ -0,0 +1 @@\n+${line}\n`;
  const old = before.length === 0 ? [] : before.replace(/\n$/, "").split("\n");
  const context = old.map((each) => ` ${each}\n`).join("");
  const range = old.length === 0 ? "-0,0" : `-1,${old.length}`;
  return `${header}--- ${path}\n+++ ${path}\n@@ ${range} +1,${old.length + 1} @@\n${context}+${line}\n`;
}

/** Appends a line to the file, reporting a plan, an edit tool call, its location and its diff. */
export async function writeFileTurn(notify: Notify, path: string): Promise<void> {
  const planId = `plan-${randomUUID()}`;
  const toolCallId = `tool-${randomUUID()}`;
  const entry = (status: "in_progress" | "completed") => ({
    content: `Append a line to ${path}`,
    priority: "high" as const,
    status,
  });
  await notify({
    sessionUpdate: "plan_update",
    plan: { type: "items", planId, entries: [entry("in_progress")] },
  });
  await notify({
    sessionUpdate: "tool_call_update",
    toolCallId,
    title: `Write ${path}`,
    kind: "edit",
    status: "in_progress",
    locations: [{ path, line: 1 }],
  });
  const before = existsSync(path) ? readFileSync(path, "utf8") : undefined;
  const after = `${before ?? ""}${before && !before.endsWith("\n") ? "\n" : ""}${WRITTEN_LINE}\n`;
  writeFileSync(path, after);
  await notify({
    sessionUpdate: "tool_call_content_chunk",
    toolCallId,
    content: {
      type: "diff",
      changes: [
        before === undefined
          ? { operation: "add", path, fileType: "text" }
          : { operation: "modify", path, fileType: "text" },
      ],
      patch: { format: "git_patch", text: appendPatch(path, before, WRITTEN_LINE) },
    },
  });
  await notify({ sessionUpdate: "tool_call_update", toolCallId, status: "completed" });
  await notify({
    sessionUpdate: "plan_update",
    plan: { type: "items", planId, entries: [entry("completed")] },
  });
}

/** The short command the reference runs: node printing one line, so it runs wherever the kit does. */
const COMMAND_ARGS = ["-e", "console.log('hello from the acp-conformance reference agent')"];

/** Runs a short command in `cwd` and reports it as a display-only terminal of an execute tool call. */
export async function runCommandTurn(notify: Notify, cwd: string): Promise<void> {
  const toolCallId = `tool-${randomUUID()}`;
  const terminalId = `term-${randomUUID()}`;
  const command = `${process.execPath} ${COMMAND_ARGS.map((arg) => JSON.stringify(arg)).join(" ")}`;
  await notify({
    sessionUpdate: "tool_call_update",
    toolCallId,
    title: "Run a short command",
    kind: "execute",
    status: "in_progress",
    content: [{ type: "terminal", terminalId }],
  });
  await notify({ sessionUpdate: "terminal_update", terminalId, command, cwd });
  const exitCode = await new Promise<number>((done) => {
    execFile(process.execPath, COMMAND_ARGS, { cwd, timeout: 10_000 }, (error, stdout) => {
      void notify({
        sessionUpdate: "terminal_output_chunk",
        terminalId,
        data: Buffer.from(stdout).toString("base64"),
      }).then(() => done(typeof error?.code === "number" ? error.code : error ? 1 : 0));
    });
  });
  await notify({ sessionUpdate: "terminal_update", terminalId, exitStatus: { exitCode } });
  await notify({
    sessionUpdate: "tool_call_update",
    toolCallId,
    status: exitCode === 0 ? "completed" : "failed",
  });
}
