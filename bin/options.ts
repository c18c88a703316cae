/**
 * The CLI's options (the README's "Options" section) and their translation into a RunPlan. Every option a
 * user can get wrong is validated here and reported as one UsageError line.
 */
import { existsSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Options } from "yargs";
import { AREAS, type Area } from "../kit/requirements/index.js";
import { CANCEL_SIGNALS, DEFAULTS, type RunOptions, type RunPlan } from "../kit/run-options.js";
import { UsageError } from "../kit/errors.js";
import { resolveCommand } from "../kit/process/resolve-command.js";
import { REFERENCE_PROMPTS } from "../peers/reference/triggers.js";
import type { Mode } from "../kit/scenario.js";

export const COMMON_OPTIONS = {
  area: {
    type: "array",
    string: true,
    choices: AREAS,
    describe: "only scenarios that check these areas (repeatable)",
  },
  only: { type: "array", string: true, describe: "only this scenario or requirement id (repeatable)" },
  skip: { type: "array", string: true, describe: "skip this scenario id (repeatable)" },
  timeout: { type: "number", default: DEFAULTS.timeoutMs, describe: "ms to wait for any one response" },
  "startup-timeout": {
    type: "number",
    default: DEFAULTS.startupTimeoutMs,
    describe: "ms to wait for the answer to initialize",
  },
  "scenario-timeout": {
    type: "number",
    default: DEFAULTS.scenarioTimeoutMs,
    describe: "ms one scenario may take, teardown included",
  },
  "close-grace": {
    type: "number",
    default: DEFAULTS.closeGraceMs,
    describe: "ms the target may take to exit after its stdin closes",
  },
  seed: {
    type: "number",
    describe:
      "seed of the property-based scenarios' cases (default: random; printed and recorded in the report)",
  },
  runs: {
    type: "number",
    default: DEFAULTS.runs,
    describe: "cases per property-based scenario (0: run none)",
  },
  "property-time": {
    type: "number",
    default: DEFAULTS.propertyTimeMs,
    describe: "ms one property may spend on its cases and on shrinking a failure",
  },
  replay: {
    type: "string",
    describe:
      "replay one property's counterexample: --only <property> --seed S --replay <path>, as printed with the failure",
  },
  jobs: { type: "number", default: DEFAULTS.jobs, describe: "scenarios to run at once" },
  strict: { type: "boolean", default: false, describe: "SHOULD failures fail the run too" },
  "report-json": { type: "string", describe: "write the JSON report to this file" },
  "report-md": {
    type: "string",
    describe: "write the Markdown report to this file (fits $GITHUB_STEP_SUMMARY)",
  },
  "report-html": { type: "string", describe: "write a self-contained HTML report to this file" },
  junit: { type: "string", describe: "write JUnit XML to this file (one testcase per requirement)" },
  baseline: {
    type: "string",
    describe:
      "YAML file of expected failures: listed failures do not fail the run, unlisted ones do, listed ones that now pass do",
  },
  "write-baseline": { type: "string", describe: "write this run's failures as a baseline file" },
  cwd: { type: "string", describe: "working directory for the target (default: the current directory)" },
  env: {
    type: "array",
    string: true,
    describe: "K=V added to the target's environment; values are redacted from reports (repeatable)",
  },
  quiet: { type: "boolean", default: false, describe: "print only the verdict line" },
  verbose: {
    type: "boolean",
    default: false,
    describe: "print every scenario, check message and failure transcript",
  },
  color: { type: "boolean", default: true, describe: "colour the terminal output (--no-color to turn off)" },
} as const satisfies Record<string, Options>;

const CLIENT_TIMEOUT_OPTION = {
  "client-timeout": {
    type: "number",
    default: DEFAULTS.clientTimeoutMs,
    describe: "ms the client under test may run before the kit treats it as hung",
  },
} as const satisfies Record<string, Options>;

export const CLIENT_OPTIONS = {
  ...CLIENT_TIMEOUT_OPTION,
  "cancel-signal": {
    type: "string",
    choices: CANCEL_SIGNALS,
    describe:
      "client mode: send this signal to the client (its process alone) while a permission request is pending, for a client that cancels the turn on it (many terminal clients do on Ctrl-C, SIGINT); without it only a client's test hook can cancel",
  },
} as const satisfies Record<string, Options>;

export const HOST_OPTIONS = {
  "host-timeout": {
    type: "number",
    default: DEFAULTS.hostTimeoutMs,
    describe:
      "host and runtime modes: ms one task may run before the kit treats the target as hung (give a host a shorter timeout of its own)",
  },
} as const satisfies Record<string, Options>;

export const RUNTIME_OPTIONS = {
  ...HOST_OPTIONS,
  ...CLIENT_TIMEOUT_OPTION,
  transport: {
    type: "array",
    string: true,
    choices: ["stdio", "acp"],
    describe:
      "runtime mode: the transports to test, stdio (the runtime's own contract) and acp (the client-mode scenarios through the runtime); default both",
  },
} as const satisfies Record<string, Options>;

export const AGENT_OPTIONS = {
  prompt: {
    type: "string",
    describe:
      "a prompt the agent answers with an ordinary turn (enables prompt, session and limits scenarios)",
  },
  "cancel-prompt": {
    type: "string",
    describe: "a prompt that keeps the agent busy long enough to cancel it",
  },
  "permission-prompt": {
    type: "string",
    describe: "a prompt that makes the agent ask permission before a tool call",
  },
  "auth-method": { type: "string", describe: "call authenticate with this method id after initialize" },
} as const satisfies Record<string, Options>;

export interface ParsedArguments {
  area?: string[];
  only?: string[];
  skip?: string[];
  timeout: number;
  "startup-timeout": number;
  "scenario-timeout": number;
  "close-grace": number;
  "client-timeout"?: number;
  "cancel-signal"?: string;
  "host-timeout"?: number;
  transport?: string[];
  seed?: number;
  runs: number;
  "property-time": number;
  replay?: string;
  jobs: number;
  strict: boolean;
  cwd?: string;
  env?: string[];
  prompt?: string;
  "cancel-prompt"?: string;
  "permission-prompt"?: string;
  "auth-method"?: string;
  "--"?: Array<string | number>;
}

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
  if (mode === "client") return { command: process.execPath, args: [file, "{agent}"] };
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
  };
  // The bundled reference agent is steered by its documented trigger prompts.
  const prompts = bundled ? { ...REFERENCE_PROMPTS, ...definedOnly(steering) } : definedOnly(steering);
  return {
    mode,
    target: { ...target, bundled },
    options: {
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
      ...(argv.replay !== undefined ? { replay: replayPath(argv) } : {}),
      strict: argv.strict,
      prompts,
      ...(argv["auth-method"] !== undefined ? { authMethod: argv["auth-method"] } : {}),
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
