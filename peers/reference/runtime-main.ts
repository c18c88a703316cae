#!/usr/bin/env node
/**
 * The bundled reference runtime (runtime protocol v1): what `acp-conformance runtime` tests
 * when no command is given. It reads one request from stdin (at most 262,144 bytes), validates
 * it against schemas/runtime-v1.schema.json and the rules the schema cannot say (an existing
 * absolute cwd), and runs the agent: over transport "stdio" with the mock host (message events
 * as the agent's messages arrive), over "acp" with the SDK-based turn of the reference client
 * (the turn's text as one message event once the turn ends), then one result or error event
 * once the agent's process group is stopped. Transport "codex" is refused with an error event.
 */
import { existsSync, statSync } from "node:fs";
import { isAbsolute } from "node:path";
import { stdioFrameProblems } from "../../kit/stdio/stdio-schema.js";
import { startHostTask } from "../host/mock-host.js";
import { ObservationLog } from "../observation-log.js";

const MAX_INPUT_BYTES = 262_144;

function emit(event: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ protocolVersion: 1, ...event })}\n`);
}

function end(
  event: { type: "result"; output: string; stderr: string } | { type: "error"; message: string },
): never {
  emit(event);
  process.stdout.write("", () => process.exit(event.type === "result" ? 0 : 1));
  // Nothing more may be written; wait for the exit above.
  return undefined as never;
}

// Signal handlers first: a signal that comes before the agent starts must not orphan it.
let task: { cancel(): void } | undefined;
let cancelledEarly = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (task) task.cancel();
    else cancelledEarly = true;
  });
}

const chunks: Buffer[] = [];
let size = 0;
for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
  size += chunk.length;
  if (size > MAX_INPUT_BYTES) end({ type: "error", message: "runtime input exceeded 256 KiB" });
  chunks.push(chunk);
}
if (size <= MAX_INPUT_BYTES) {
  let request: ValidRequest | undefined;
  try {
    request = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    end({ type: "error", message: "invalid runtime request: not JSON" });
  }
  if (request !== undefined) await run(request);
}

type ValidRequest = {
  transport: string;
  command: string;
  args?: string[];
  cwd: string;
  timeoutMs?: number;
  task?: { request?: unknown };
};

async function runAcp(request: ValidRequest): Promise<void> {
  // Loaded only for the acp transport: the SDK costs every runtime start a third of a CPU-second.
  const { startAcpTurn } = await import("./acp-turn.js");
  const turn = startAcpTurn({
    command: request.command,
    args: request.args ?? [],
    cwd: request.cwd,
    prompt: String(request.task?.request ?? ""),
    timeoutMs: request.timeoutMs ?? 600_000,
    clientName: "acp-conformance-reference-runtime",
  });
  const cancelled = new Promise<never>(
    (_resolve, reject) => (task = { cancel: () => reject(new Error("agent cancelled")) }),
  );
  cancelled.catch(() => {});
  let outcome: { text: string } | { error: string };
  try {
    outcome = { text: await Promise.race([turn.text, cancelled]) };
  } catch (error) {
    outcome = { error: (error as Error).message };
  }
  await turn.stop();
  if ("error" in outcome) return end({ type: "error", message: outcome.error });
  if (outcome.text.trim() !== "") emit({ type: "message", text: outcome.text });
  return end({ type: "result", output: "", stderr: "" });
}

async function run(request: ValidRequest): Promise<void> {
  const version = (request as { protocolVersion?: unknown }).protocolVersion;
  if (version !== 1)
    return end({ type: "error", message: `unsupported runtime protocol version ${JSON.stringify(version)}` });
  const problems = stdioFrameProblems("runtime-v1", "Request", request);
  if (problems !== undefined) return end({ type: "error", message: `invalid runtime request: ${problems}` });
  if (!isAbsolute(request.cwd) || !existsSync(request.cwd) || !statSync(request.cwd).isDirectory())
    return end({ type: "error", message: "cwd must be an existing absolute directory" });
  if (request.transport !== "stdio" && request.transport !== "acp")
    return end({
      type: "error",
      message: `transport ${request.transport} is not supported by the reference runtime (stdio and acp only)`,
    });
  if (cancelledEarly) return end({ type: "error", message: "agent cancelled" });
  if (request.transport === "acp") return runAcp(request);
  const hostTask = startHostTask(
    {
      role: "host",
      timeoutMs: request.timeoutMs ?? 600_000,
      cwd: request.cwd,
      task: request.task as Record<string, unknown>,
      prompt: `Do this task: ${String(request.task?.request ?? "")}`,
    },
    request.command,
    request.args ?? [],
    new ObservationLog(),
    (text) => emit({ type: "message", text }),
  );
  task = hostTask;
  const outcome = await hostTask.outcome;
  if (outcome.status === "completed")
    return end({ type: "result", output: outcome.stdout, stderr: outcome.stderr });
  return end({
    type: "error",
    message: outcome.error === "cancelled" ? "agent cancelled" : (outcome.error ?? "the agent failed"),
  });
}
