/**
 * Parsed CLI options into the RunPlan the engine runs: the target command (resolved, or the
 * bundled reference peer), every limit and steering option. Every value a user can get wrong
 * is validated here and reported as one UsageError line that says what to give instead.
 */
import { existsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "../kit/errors.js";
import { resolveCommand } from "../kit/process/resolve-command.js";
import { type Area, PROTOCOL_VERSIONS, type ProtocolVersion } from "../kit/requirements/index.js";
import { DEFAULTS, type RunOptions, type RunPlan } from "../kit/run-options.js";
import type { Mode } from "../kit/scenario.js";
import { REFERENCE_PROMPTS } from "../peers/reference/triggers.js";
import { REFERENCE_AUTH_METHOD } from "../peers/reference/auth-method.js";
import type { ParsedArguments } from "./options.js";

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value <= 0)
    throw new UsageError(`--${name} must be a positive whole number, got ${value}`);
  return value;
}

function wholeNumber(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new UsageError(`--${name} must be a whole number (0 or more), got ${value}`);
  return value;
}

function seedOption(seed: number | undefined): number {
  if (seed === undefined) return Math.floor(Math.random() * 2 ** 31);
  if (!Number.isInteger(seed) || Math.abs(seed) > 2 ** 31)
    throw new UsageError(`--seed must be a whole number between -2147483648 and 2147483648, got ${seed}`);
  return seed;
}

/** A replay needs the seed that found the counterexample and the one property it belongs to. */
function replayPath(argv: ParsedArguments): string {
  const path = argv.replay!;
  if (!/^\d+(:\d+)*$/.test(path))
    throw new UsageError(
      `--replay takes the path printed with a property's failure (digits and colons, like 4:0:2), got ${JSON.stringify(path)}`,
    );
  if (argv.seed === undefined)
    throw new UsageError(
      "--replay needs the --seed that found the counterexample; copy the whole replay command from the report",
    );
  if ((argv.only ?? []).length !== 1)
    throw new UsageError(
      "--replay needs exactly one --only <property id>: the property whose counterexample it replays",
    );
  return path;
}

function parseEnv(entries: string[] = []): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of entries) {
    const equals = entry.indexOf("=");
    if (equals <= 0) throw new UsageError(`--env takes KEY=VALUE, got ${JSON.stringify(entry)}`);
    env[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return env;
}

/** The bundled reference peer for a mode, run with the same Node as the kit. */
function bundledTarget(mode: Mode): { command: string; args: string[] } {
  const file = fileURLToPath(new URL(`../peers/reference/${mode}-main.js`, import.meta.url));
  if (!existsSync(file))
    throw new UsageError(`${mode} mode has no bundled reference peer; give a command after --`);
  // A client or host under test is told where its agent or adapter is: on the command line.
  // The reference client reopens the session {session} names and offers the system's temporary
  // directory as an extra workspace root (client-sessions.ts), so every session check sees it.
  if (mode === "client")
    return {
      command: process.execPath,
      args: [file, "{agent}", "--session", "{session}", "--add-dir", tmpdir()],
    };
  if (mode === "host")
    return { command: process.execPath, args: [file, "--timeout-ms", "5000", "{adapter}"] };
  return { command: process.execPath, args: [file] };
}

export function buildRunPlan(mode: Mode, argv: ParsedArguments): RunPlan {
  const cwd = resolve(argv.cwd ?? process.cwd());
  if (!existsSync(cwd) || !statSync(cwd).isDirectory())
    throw new UsageError(`--cwd ${argv.cwd} is not a directory`);
  const command = (argv["--"] ?? []).map(String);
  const bundled = command.length === 0;
  const target = bundled
    ? bundledTarget(mode)
    : {
        command: resolveCommand(command[0]!, cwd),
        args:
          mode === "adapter" ? command.slice(1).map((arg) => absoluteIfExisting(arg, cwd)) : command.slice(1),
      };
  const steering = {
    prompt: argv.prompt,
    cancelPrompt: argv["cancel-prompt"],
    permissionPrompt: argv["permission-prompt"],
    readPrompt: argv["read-prompt"],
    writePrompt: argv["write-prompt"],
    terminalPrompt: argv["terminal-prompt"],
    elicitPrompt: argv["elicit-prompt"],
  };
  // The bundled reference agent is steered by its documented trigger prompts.
  const prompts = bundled ? { ...REFERENCE_PROMPTS, ...definedOnly(steering) } : definedOnly(steering);
  return {
    mode,
    target: { ...target, bundled },
    options: {
      protocolVersion: protocolVersionOption(mode, argv["protocol-version"]),
      timeoutMs: positiveInteger("timeout", argv.timeout),
      startupTimeoutMs: positiveInteger("startup-timeout", argv["startup-timeout"]),
      scenarioTimeoutMs: positiveInteger("scenario-timeout", argv["scenario-timeout"]),
      closeGraceMs: positiveInteger("close-grace", argv["close-grace"]),
      clientTimeoutMs: positiveInteger("client-timeout", argv["client-timeout"] ?? DEFAULTS.clientTimeoutMs),
      hostTimeoutMs: positiveInteger("host-timeout", argv["host-timeout"] ?? DEFAULTS.hostTimeoutMs),
      transports: argv.transport?.length
        ? ([...new Set(argv.transport)] as RunOptions["transports"])
        : [...DEFAULTS.transports],
      jobs: positiveInteger("jobs", argv.jobs),
      seed: seedOption(argv.seed),
      runs: wholeNumber("runs", argv.runs),
      propertyTimeMs: positiveInteger("property-time", argv["property-time"]),
      repeat: positiveInteger("repeat", argv.repeat ?? DEFAULTS.repeat),
      ...(argv.replay !== undefined ? { replay: replayPath(argv) } : {}),
      strict: argv.strict,
      prompts,
      // The bundled reference agent logs in with its documented method, so its auth checks run.
      ...(argv["auth-method"] !== undefined
        ? { authMethod: argv["auth-method"] }
        : bundled && mode === "agent"
          ? { authMethod: REFERENCE_AUTH_METHOD.id }
          : {}),
      ...((argv["terminal-login"] ?? (bundled && mode === "agent")) ? { terminalLogin: true } : {}),
      ...(argv["cancel-signal"] !== undefined
        ? { cancelSignal: argv["cancel-signal"] as NonNullable<RunOptions["cancelSignal"]> }
        : {}),
      cwd,
      env: parseEnv(argv.env),
      areas: (argv.area ?? []) as Area[],
      only: argv.only ?? [],
      skip: argv.skip ?? [],
    },
  };
}

/** The ACP profile to test: agent and client modes speak 1 or 2; the other modes have one version. */
function protocolVersionOption(mode: Mode, value: number | undefined): ProtocolVersion {
  if (value === undefined) return DEFAULTS.protocolVersion;
  if (mode !== "agent" && mode !== "client")
    throw new UsageError(`--protocol-version is for agent and client modes; ${mode} mode has one version`);
  if (!(PROTOCOL_VERSIONS as readonly number[]).includes(value))
    throw new UsageError(`--protocol-version takes ${PROTOCOL_VERSIONS.join(" or ")}, got ${value}`);
  return value as ProtocolVersion;
}

/**
 * An adapter runs in a fresh working directory of the kit's, so an argument naming a file
 * relative to the user's directory (`node ./adapter.js`) is made absolute; anything else is
 * left as it is.
 */
function absoluteIfExisting(arg: string, cwd: string): string {
  if (arg.startsWith("-") || isAbsolute(arg)) return arg;
  const candidate = resolve(cwd, arg);
  return existsSync(candidate) ? candidate : arg;
}

function definedOnly<T extends Record<string, string | undefined>>(value: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as {
    [K in keyof T]?: string;
  };
}
