/**
 * The scripted mock stdio host: starts an adapter in a process group of its own, writes one
 * envelope line and closes stdin, then holds the adapter to the protocol: JSON lines only, an
 * error event fails the task whatever the exit code, a repeated message id is shown once,
 * unknown event types are ignored, 2 MiB each of stdout and stderr, a timeout. However the
 * task ends, the adapter's whole process group is stopped before the outcome is reported.
 */
import { spawn } from "node:child_process";
import { NdjsonFramer } from "../../kit/wire/framer.js";
import type { ObservationLog } from "../observation-log.js";
import type { HostScript } from "../script-types.js";

export interface HostOutcome {
  status: "completed" | "failed";
  /** The public messages, in order, as a host would show them. */
  messages: string[];
  /** Why the task failed. */
  error?: string;
  /** The adapter's stderr (diagnostics, never chat), up to the limit. */
  stderr: string;
  /** The adapter's raw stdout lines, joined with newlines. */
  stdout: string;
}

export interface HostTask {
  /** Resolves once the task has ended and the adapter's process group has been stopped. */
  outcome: Promise<HostOutcome>;
  /** Cancels the task: stops the adapter's tree and fails with "cancelled". */
  cancel(): void;
}

const DEFAULT_HOST_TASK = { id: "MOCK-1", request: "Say hello.", context: {}, messages: [] };
const DEFAULT_HOST_PROMPT =
  "You are run by the acp-conformance mock host. Do the task and report what you did.";
const MIB = 1024 * 1024;
const KILL_GRACE_MS = 1_000;

export function startHostTask(
  script: HostScript,
  command: string,
  args: readonly string[],
  log: ObservationLog,
  onMessage: (text: string) => void = () => {},
): HostTask {
  const stdoutLimit = script.stdoutLimitBytes ?? 2 * MIB;
  const stderrLimit = script.stderrLimitBytes ?? 2 * MIB;
  const adapter = spawn(command, [...args], {
    cwd: script.cwd,
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  const messages: string[] = [];
  const rawLines: string[] = [];
  const seenIds = new Set<string>();
  let stderr = "";
  let stdoutBytes = 0;
  let stderrBytes = 0;
  let failure: string | undefined;
  let finished = false;
  const framer = new NdjsonFramer({ maxLineBytes: stdoutLimit + 1 });
  const timers: NodeJS.Timeout[] = [];
  const exited = new Promise<number | null>((resolve) => {
    adapter.once("error", (error) => {
      failure ??= `the adapter could not be started: ${error.message}`;
      resolve(null);
    });
    adapter.once("exit", (code) => resolve(code));
  });
  let settle: (outcome: HostOutcome) => void = () => {};
  const outcome = new Promise<HostOutcome>((resolve) => (settle = resolve));

  const stopGroup = async (): Promise<void> => {
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        if (adapter.pid !== undefined) process.kill(-adapter.pid, signal);
      } catch {
        // the group is already gone
      }
    };
    signalGroup("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, KILL_GRACE_MS))]);
    // Whatever else is in the group (the adapter's children) goes too, even after a clean exit.
    signalGroup("SIGKILL");
  };

  const finish = async (): Promise<void> => {
    if (finished) return;
    finished = true;
    for (const timer of timers) clearTimeout(timer);
    adapter.stdout.destroy();
    adapter.stderr.destroy();
    await stopGroup();
    const stdout = rawLines.join("\n");
    const result: HostOutcome =
      failure === undefined
        ? { status: "completed", messages, stderr, stdout }
        : { status: "failed", messages, error: failure, stderr, stdout };
    log.add(
      failure === undefined
        ? { kind: "task", status: "completed", messages }
        : { kind: "task", status: "failed", messages, error: failure },
    );
    settle(result);
  };
  const fail = (why: string): void => {
    if (finished) return;
    failure ??= why;
    void finish();
  };

  const onLine = (text: string): void => {
    rawLines.push(text);
    log.add({ kind: "received", text: text.length > 65_536 ? `${text.slice(0, 65_536)}…` : text });
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch {
      fail(`the adapter wrote a line that is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
      return;
    }
    if (typeof event !== "object" || event === null || Array.isArray(event)) {
      fail("the adapter wrote a JSON line that is not an event object");
      return;
    }
    const { type, text: messageText, id, message } = event as Record<string, unknown>;
    if (type === "error") {
      fail(typeof message === "string" && message.trim() !== "" ? message : "the adapter reported an error");
      return;
    }
    if (type !== "message" || typeof messageText !== "string" || messageText.trim() === "") return;
    if (typeof id === "string") {
      if (seenIds.has(id)) return;
      seenIds.add(id);
    }
    messages.push(messageText);
    onMessage(messageText);
  };

  adapter.stdin.on("error", () => {});
  adapter.stdout.on("data", (chunk: Buffer) => {
    if (finished) return;
    stdoutBytes += chunk.length;
    if (stdoutBytes > stdoutLimit) return fail(`the adapter's output exceeded ${stdoutLimit} bytes`);
    for (const item of framer.push(chunk)) {
      if (finished) return;
      if (item.kind === "line") onLine(item.text);
      else if (item.kind === "invalid-utf8") return fail("the adapter wrote a line that is not UTF-8");
    }
  });
  adapter.stderr.on("data", (chunk: Buffer) => {
    if (finished) return;
    stderrBytes += chunk.length;
    if (stderrBytes > stderrLimit) return fail(`the adapter's stderr exceeded ${stderrLimit} bytes`);
    stderr += chunk.toString("utf8");
  });
  adapter.stdout.once("end", () => {
    for (const item of framer.end()) if (!finished && item.kind === "line") onLine(item.text);
  });
  void exited.then(async (code) => {
    // Lines already in the pipe belong to the task: read them before judging the exit.
    // (A grandchild may hold the pipe open: do not wait for it long.)
    await Promise.race([
      new Promise((resolve) =>
        adapter.stdout.readableEnded || adapter.stdout.destroyed
          ? resolve(undefined)
          : adapter.stdout.once("close", resolve),
      ),
      new Promise((resolve) => setTimeout(resolve, 500)),
    ]);
    if (code !== 0 && failure === undefined)
      failure = code === null ? "the adapter was killed" : `the adapter exited with status ${code}`;
    void finish();
  });

  const timeoutMs = script.timeoutMs ?? 30_000;
  timers.push(setTimeout(() => fail(`the adapter timed out after ${timeoutMs} ms`), timeoutMs));
  if (script.cancelAfterMs !== undefined)
    timers.push(setTimeout(() => fail("cancelled"), script.cancelAfterMs));

  const envelope =
    script.rawEnvelope ??
    `${JSON.stringify({ protocolVersion: script.protocolVersion ?? 1, task: script.task ?? DEFAULT_HOST_TASK, prompt: script.prompt ?? DEFAULT_HOST_PROMPT })}\n`;
  log.add({ kind: "sent", text: envelope.length > 65_536 ? `${envelope.slice(0, 65_536)}…` : envelope });
  adapter.stdin.write(envelope);
  if (!script.keepStdinOpen) adapter.stdin.end();

  return { outcome, cancel: () => fail("cancelled") };
}
