/**
 * The CLI's options (the README's "Options" section): what each mode accepts, with its
 * default and help text. run-plan.ts validates the parsed values and turns them into a RunPlan.
 */
import type { Options } from "yargs";
import { AREAS, PROTOCOL_VERSIONS } from "../kit/requirements/index.js";
import { CANCEL_SIGNALS, DEFAULTS } from "../kit/run-options.js";

/** Agent and client modes (and `list --coverage`): which ACP profile to test. */
export const PROTOCOL_VERSION_OPTION = {
  "protocol-version": {
    type: "number",
    choices: [...PROTOCOL_VERSIONS],
    default: DEFAULTS.protocolVersion,
    describe: "the ACP profile: 1 (stable) or 2 (the draft the SDK ships as experimental/v2)",
  },
} as const satisfies Record<string, Options>;

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
  repeat: {
    type: "number",
    default: DEFAULTS.repeat,
    describe:
      "run the whole suite this many times (same seed) and fail, as unstable, if any verdict differs between runs: how to qualify a CI gate",
  },
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
  ...PROTOCOL_VERSION_OPTION,
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

/** `acp-conformance list [mode]`. */
export const LIST_OPTIONS = {
  json: { type: "boolean", default: false, describe: "print JSON instead of text" },
  coverage: {
    type: "boolean",
    default: false,
    describe:
      "agent and client: how many of the pinned ACP spec's statements per page the kit checks, leaves as gaps or excludes: v1's (docs/coverage.md), or v2's with --protocol-version 2 (docs/coverage-v2.md)",
  },
  verbose: { type: "boolean", default: false, describe: "with --coverage: list every gap" },
  "protocol-version": {
    type: "number",
    choices: [...PROTOCOL_VERSIONS],
    describe:
      "only this ACP profile's requirements and scenarios (default: both), or its spec coverage (default: v1)",
  },
} as const satisfies Record<string, Options>;

export const AGENT_OPTIONS = {
  ...PROTOCOL_VERSION_OPTION,
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
  "read-prompt": {
    type: "string",
    describe:
      "a prompt that makes the agent read the file {path} and quote its first line (the kit fills in {path}; enables the fs read checks)",
  },
  "write-prompt": {
    type: "string",
    describe: "a prompt that makes the agent write the file {path} (enables the fs write checks)",
  },
  "terminal-prompt": {
    type: "string",
    describe:
      "a prompt that makes the agent run a short command in the directory {path} (enables the terminal checks)",
  },
  "elicit-prompt": {
    type: "string",
    describe:
      "a prompt that makes the agent ask the user a question through elicitation/create (enables the elicitation checks)",
  },
  "auth-method": { type: "string", describe: "call authenticate with this method id after initialize" },
  "terminal-login": {
    type: "boolean",
    describe:
      "run the agent's terminal auth method (its args and env, no user at the terminal) to see that it is a login-only flow",
  },
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
  "protocol-version"?: number;
  "host-timeout"?: number;
  transport?: string[];
  seed?: number;
  runs: number;
  "property-time": number;
  replay?: string;
  jobs: number;
  strict: boolean;
  repeat: number;
  cwd?: string;
  env?: string[];
  prompt?: string;
  "cancel-prompt"?: string;
  "permission-prompt"?: string;
  "read-prompt"?: string;
  "write-prompt"?: string;
  "terminal-prompt"?: string;
  "elicit-prompt"?: string;
  "auth-method"?: string;
  "terminal-login"?: boolean;
  "--"?: Array<string | number>;
}
