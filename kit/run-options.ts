/**
 * The RunPlan the CLI hands to the runner: what to test, how, and with which limits.
 * Defaults live here, in one place, so the CLI help, the README and the report agree.
 */
import { availableParallelism } from "node:os";
import type { Area, ProtocolVersion } from "./requirements/index.js";
import type { Baseline } from "./baseline-file.js";

export type Mode = "agent" | "client" | "adapter" | "host" | "runtime";

/** The runtime protocol's transports the kit can play the agent of. */
export type RuntimeTransport = "stdio" | "acp";

export interface TargetCommand {
  command: string;
  args: string[];
  /** True when the kit runs its own bundled reference peer. */
  bundled: boolean;
}

export interface PromptSteering {
  /** A prompt the target answers with an ordinary turn. */
  prompt?: string;
  /** A prompt that keeps the target busy long enough to cancel it. */
  cancelPrompt?: string;
  /** A prompt that makes the target ask for permission before a tool call. */
  permissionPrompt?: string;
  /** A prompt that makes the agent read the file at `{path}` and quote it (fs/read_text_file). */
  readPrompt?: string;
  /** A prompt that makes the agent write the file at `{path}` (fs/write_text_file). */
  writePrompt?: string;
  /** A prompt that makes the agent run a short command in the directory `{path}` (terminal/*). */
  terminalPrompt?: string;
  /** A prompt that makes the agent ask the user something through elicitation/create. */
  elicitPrompt?: string;
}

export interface RunOptions {
  /** Agent and client modes: the ACP profile to test (1 stable, 2 the draft); every other mode runs 1. */
  protocolVersion: ProtocolVersion;
  /** Longest wait for any one response. */
  timeoutMs: number;
  /** Longest wait for the answer to initialize. */
  startupTimeoutMs: number;
  /** Wall-clock limit for one scenario, teardown included. */
  scenarioTimeoutMs: number;
  /** How long a target may take to exit after its stdin closes. */
  closeGraceMs: number;
  /** Client mode: how long the client under test may run before the kit treats it as hung. */
  clientTimeoutMs: number;
  /** Host mode: how long the host under test may run one task before the kit treats it as hung. */
  hostTimeoutMs: number;
  /** Runtime mode: the transports to test (stdio: the runtime's own contract; acp: the client-mode scenarios through the runtime). */
  transports: RuntimeTransport[];
  jobs: number;
  /** Seed of every property's case generator: the same seed generates the same cases. */
  seed: number;
  /** Cases per property; 0 runs no property (they are reported not tested). */
  runs: number;
  /** Time budget of one property (its search and its shrinking). */
  propertyTimeMs: number;
  /** --repeat: how many times the whole suite runs; a verdict that differs between runs makes the run unstable. */
  repeat: number;
  /** fast-check's path to one counterexample: replay it (with --seed and --only <property>) instead of searching. */
  replay?: string;
  /** Expected failures (--baseline): they do not fail the run; listed ids that now pass do. */
  baseline?: Baseline;
  strict: boolean;
  prompts: PromptSteering;
  authMethod?: string;
  /** Run the agent's terminal auth method (it may start a real login, so only when asked). */
  terminalLogin?: boolean;
  /** Client mode: the signal that makes the client cancel a turn (its Ctrl-C), sent while a permission request is pending. */
  cancelSignal?: (typeof CANCEL_SIGNALS)[number];
  /** Working directory for the target and for the sessions the kit creates. */
  cwd: string;
  /** Extra environment for the target; values are redacted from reports. */
  env: Record<string, string>;
  areas: Area[];
  only: string[];
  skip: string[];
}

export interface RunPlan {
  mode: Mode;
  target: TargetCommand;
  options: RunOptions;
}

/** Signals --cancel-signal may send: those a client can catch to cancel a turn. */
export const CANCEL_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGUSR1", "SIGUSR2"] as const;

export const DEFAULTS = {
  protocolVersion: 1 as ProtocolVersion,
  timeoutMs: 30_000,
  startupTimeoutMs: 10_000,
  scenarioTimeoutMs: 120_000,
  closeGraceMs: 5_000,
  clientTimeoutMs: 30_000,
  // Long enough for any task of the kit's (each finishes in well under a second), short enough
  // that a host with no timeout of its own costs a run no more than twice a good host's.
  hostTimeoutMs: 12_000,
  transports: ["stdio", "acp"] as RuntimeTransport[],
  // One more than the cores: a scenario spends part of its time waiting on its target, and on 2
  // cores a third job made the default agent suite 8% faster (npm run bench, suite overhead).
  jobs: Math.min(4, availableParallelism() + 1),
  runs: 10,
  propertyTimeMs: 20_000,
  repeat: 1,
} as const;

/** Longest stdout line the kit keeps in memory: the official SDK's default frame limit. */
export const MAX_FRAME_BYTES = 32 * 1024 * 1024;
