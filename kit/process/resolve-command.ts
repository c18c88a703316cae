/**
 * Finds the executable a target command names before anything is spawned, so a typo or a
 * missing chmod is one clear line (exit 2) instead of a failed run full of timeouts.
 */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import { UsageError } from "../errors.js";

function isExecutableFile(path: string): "ok" | "missing" | "directory" | "not-executable" {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    return "missing";
  }
  if (stat.isDirectory()) return "directory";
  try {
    accessSync(path, constants.X_OK);
    return "ok";
  } catch {
    return "not-executable";
  }
}

/** The absolute path of the executable `command` runs; throws a UsageError naming the fix. */
export function resolveCommand(
  command: string,
  cwd: string,
  pathVariable: string = process.env.PATH ?? "",
): string {
  if (command.trim() === "")
    throw new UsageError(
      "the target command is empty; put it after --, for example: acp-conformance agent -- node my-agent.js",
    );
  if (command.includes("/")) {
    const path = isAbsolute(command) ? command : resolve(cwd, command);
    const state = isExecutableFile(path);
    if (state === "missing")
      throw new UsageError(`the target command ${command} does not exist (looked for ${path})`);
    if (state === "directory")
      throw new UsageError(`the target command ${command} is a directory, not an executable`);
    if (state === "not-executable")
      throw new UsageError(
        `the target command ${command} is not executable; chmod +x it, or run it through its interpreter (-- node ${command})`,
      );
    return path;
  }
  for (const directory of pathVariable.split(delimiter).filter(Boolean)) {
    const candidate = join(directory, command);
    if (isExecutableFile(candidate) === "ok") return candidate;
  }
  throw new UsageError(`the target command ${command} was not found on PATH; give its path, or install it`);
}
