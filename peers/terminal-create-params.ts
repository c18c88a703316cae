/**
 * The params of terminal/create as a client reads them before it runs anything: omitted and
 * null optional fields take their defaults (args none, env none, cwd the session's, output
 * capped at 1 MiB), and a wrong shape is an "Invalid params" for the caller to answer -32602.
 */
import { isAbsolute } from "node:path";
import type { TerminalCommand } from "./real-terminal.js";

const DEFAULT_OUTPUT_LIMIT = 1024 * 1024;

export function readTerminalCreateParams(
  params: Record<string, unknown>,
  sessionCwd: string,
): TerminalCommand | { invalid: string } {
  const command = params.command;
  const args = params.args ?? [];
  const env = params.env ?? [];
  const cwd = params.cwd ?? sessionCwd;
  const limit = params.outputByteLimit ?? DEFAULT_OUTPUT_LIMIT;
  if (typeof command !== "string" || command === "") return { invalid: "command must be a non-empty string" };
  if (!Array.isArray(args) || args.some((arg) => typeof arg !== "string"))
    return { invalid: "args must be an array of strings" };
  if (!Array.isArray(env) || env.some((e) => typeof e?.name !== "string" || typeof e?.value !== "string"))
    return { invalid: "env must be an array of {name, value} strings" };
  if (typeof cwd !== "string" || !isAbsolute(cwd))
    return { invalid: `cwd ${JSON.stringify(cwd)} is not absolute` };
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 0)
    return { invalid: "outputByteLimit must be a whole number" };
  return { command, args: args as string[], env: env as TerminalCommand["env"], cwd, outputByteLimit: limit };
}
