/**
 * How each profile's fixtures are run, said once for both tiers: `npm test` runs each fixture
 * through the preflight and the scenarios its touch map names (test/e2e/fixture-runs.ts), the
 * corpus tier through its mode's whole suite (test/corpus/corpus-runs.ts). A profile is a mode
 * and, for ACP, the protocol version it tests; its options are the ones every run of it takes,
 * a fixture's own come after them (the CLI takes an option's last value).
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADAPTER_FIXTURES, ADAPTER_PROPERTY_FIXTURES } from "../../fixtures/adapters/manifest.js";
import { AGENT_FIXTURES, PROPERTY_FIXTURES } from "../../fixtures/agents/manifest.js";
import { AGENT_V2_FIXTURES } from "../../fixtures/agents/manifest-v2.js";
import { CLIENT_FIXTURES, CLIENT_PROPERTY_FIXTURES } from "../../fixtures/clients/manifest.js";
import { CLIENT_V2_FIXTURES } from "../../fixtures/clients/manifest-v2.js";
import { HOST_FIXTURES, HOST_PROPERTY_FIXTURES } from "../../fixtures/hosts/manifest.js";
import { RUNTIME_FIXTURES } from "../../fixtures/runtimes/manifest.js";
import type { ProtocolVersion, RequirementId } from "../../kit/requirements/index.js";
import type { Mode } from "../../kit/scenario.js";
import { REFERENCE_CLIENT_NOT_APPLICABLE } from "./fixture-verdicts.js";
import { REFERENCE_AUTH_METHOD } from "../../peers/reference/auth-method.js";
import { FIXTURE_PROMPTS, ROOT, fixtureClientStart, fixtureCommand } from "./run-cli.js";

export type ProfileId = "agent-v1" | "agent-v2" | "client-v1" | "client-v2" | "adapter" | "host" | "runtime";

/** One fixture as a tier runs it. */
export interface FixtureRun {
  /** Its name in the touch map and in test titles. */
  name: string;
  breaks: readonly RequirementId[];
  /** When the verdict is not what the failing set alone implies. */
  verdict?: "incomplete" | "blocked";
  /** The fixture's own options (after the profile's). */
  options: readonly string[];
  /** The target command, after `--`. */
  command: readonly string[];
}

/** A fixture whose defect only a property finds: the fixed scenarios pass it, the property does not. */
export interface PropertyFixtureRun {
  name: string;
  property: string;
  breaks: readonly string[];
  /** Cases the property may run to find the defect. */
  runs: number;
  command: readonly string[];
}

export interface FixtureProfile {
  id: ProfileId;
  mode: Mode;
  /** The ACP protocol version it tests (1 for the stdio protocols, which have one). */
  version: ProtocolVersion;
  /** Options of every run of this profile, the reference's included. */
  options: readonly string[];
  /** Options every fixture run adds (the reference runs without them). */
  fixtureOptions: readonly string[];
  /**
   * Property cases a conformant control runs in the corpus tier (its properties must hold), and
   * undefined where the profile has no property scenarios. Every other fixture runs none: its
   * defect is the fixed scenarios' to find.
   */
  controlRuns?: number;
  /**
   * Whether every failure carries evidence (a transcript excerpt, timings...) besides its
   * message: agent mode's checks all do; the other modes' messages say what was seen.
   */
  failuresCarryEvidence: boolean;
  /**
   * Whether a conformant control leaves no requirement untested, should or must: agent mode's
   * fixture bases do everything the kit can steer; a client base leaves a few shoulds that only
   * particular client behaviour reaches.
   */
  controlsLeaveNothingUntested: boolean;
  /** What the bundled reference leaves not applicable (its own offers). */
  referenceNotApplicable: readonly RequirementId[];
  /**
   * The reference run's arguments after the profile's options: none (the CLI's bundled default)
   * for the modes whose reference does not read the SDK. The ACP agent and client references
   * are the same programs bundled as the fixtures are, their SDK from the start-up snapshot,
   * with the options the CLI gives its bundled default (`reference`).
   */
  reference: readonly string[];
  fixtures: readonly FixtureRun[];
  propertyFixtures: readonly PropertyFixtureRun[];
}

/**
 * Agent deadlines shorter than the defaults, so a fixture that never answers costs 20 s rather
 * than 35 s, and still generous, so a loaded CI machine is slow rather than red.
 */
const AGENT_DEADLINES = ["--timeout", "10000", "--startup-timeout", "30000"];
/** Generous: the slowest client scenarios wait for a client's own 5 s turn timeout. */
const CLIENT_TIMEOUT = ["--client-timeout", "20000"];
/** Generous: a fixture host gives up after 5 to 10 s, so only a host without a timeout ever reaches it. */
const HOST_TIMEOUT = ["--host-timeout", "20000"];
/** After {agent}: the session to reopen and an extra root, as the bundled reference client gets them. */
const CLIENT_SESSION_ARGS = ["--session", "{session}", "--add-dir", tmpdir()];

function agentName(fixture: { file?: string; script?: string }): string {
  return fixture.file ?? `${fixture.script}.json`;
}

function clientCommand(file: string): string[] {
  return [...fixtureClientStart(file), "{agent}", ...CLIENT_SESSION_ARGS];
}

/**
 * The bundled reference agent and client as the tiers run them: from the package, building the
 * SDK's zod schemas was about 0.9 CPU-s of each start (fixtures/agents/reference.ts), and the
 * reference runs start them some 70 times each. The options are those bin/run-plan.ts gives
 * its bundled default: the reference's trigger prompts, its login method and terminal login.
 */
const REFERENCE_AGENT = [
  ...FIXTURE_PROMPTS,
  "--auth-method",
  REFERENCE_AUTH_METHOD.id,
  "--terminal-login",
  "--",
  ...fixtureCommand({ file: "reference" }),
];
const REFERENCE_CLIENT = ["--", ...clientCommand("reference")];

function adapterCommand(file: string): string[] {
  return [process.execPath, join(ROOT, "dist/fixtures/adapters", `${file}.js`)];
}

function hostCommand(file: string): string[] {
  return [process.execPath, join(ROOT, "dist/fixtures/hosts", `${file}.js`), "{adapter}"];
}

export const FIXTURE_PROFILES: readonly FixtureProfile[] = [
  {
    id: "agent-v1",
    failuresCarryEvidence: true,
    controlsLeaveNothingUntested: true,
    version: 1,
    mode: "agent",
    options: AGENT_DEADLINES,
    fixtureOptions: FIXTURE_PROMPTS,
    controlRuns: 2,
    referenceNotApplicable: [],
    reference: REFERENCE_AGENT,
    fixtures: AGENT_FIXTURES.map((fixture) => ({
      name: agentName(fixture),
      breaks: fixture.breaks,
      ...(fixture.verdict ? { verdict: fixture.verdict } : {}),
      options: fixture.args ?? [],
      command: fixtureCommand(fixture),
    })),
    propertyFixtures: PROPERTY_FIXTURES.map((fixture) => ({
      ...fixture,
      name: fixture.file,
      command: fixtureCommand({ file: fixture.file }),
    })),
  },
  {
    id: "agent-v2",
    failuresCarryEvidence: true,
    controlsLeaveNothingUntested: true,
    version: 2,
    mode: "agent",
    // The reference's own auth/login method (peers/reference/v2/auth.ts), as the CLI names it
    // for the bundled agent, so the auth lifecycle is judged.
    options: ["--protocol-version", "2", ...AGENT_DEADLINES],
    fixtureOptions: [...FIXTURE_PROMPTS, "--auth-method", "reference-login"],
    referenceNotApplicable: [],
    reference: REFERENCE_AGENT,
    fixtures: AGENT_V2_FIXTURES.map((fixture) => ({
      name: agentName(fixture),
      breaks: fixture.breaks,
      ...(fixture.verdict ? { verdict: fixture.verdict } : {}),
      options: fixture.args ?? [],
      command: fixtureCommand(fixture),
    })),
    propertyFixtures: [],
  },
  {
    id: "client-v1",
    failuresCarryEvidence: false,
    controlsLeaveNothingUntested: false,
    version: 1,
    mode: "client",
    options: CLIENT_TIMEOUT,
    fixtureOptions: [],
    controlRuns: 2,
    referenceNotApplicable: REFERENCE_CLIENT_NOT_APPLICABLE,
    reference: REFERENCE_CLIENT,
    fixtures: CLIENT_FIXTURES.map((fixture) => ({
      name: fixture.file,
      breaks: fixture.breaks,
      ...(fixture.verdict ? { verdict: fixture.verdict } : {}),
      options: fixture.args ?? [],
      command: clientCommand(fixture.file),
    })),
    propertyFixtures: CLIENT_PROPERTY_FIXTURES.map((fixture) => ({
      ...fixture,
      name: fixture.file,
      command: clientCommand(fixture.file),
    })),
  },
  {
    id: "client-v2",
    failuresCarryEvidence: false,
    controlsLeaveNothingUntested: false,
    version: 2,
    mode: "client",
    options: ["--protocol-version", "2", ...CLIENT_TIMEOUT],
    fixtureOptions: [],
    referenceNotApplicable: [],
    reference: REFERENCE_CLIENT,
    fixtures: CLIENT_V2_FIXTURES.map((fixture) => ({
      name: `v2/${fixture.file}`,
      breaks: fixture.breaks,
      ...(fixture.verdict ? { verdict: fixture.verdict } : {}),
      options: fixture.args ?? [],
      command: [...fixtureClientStart(`v2/${fixture.file}`), "{agent}"],
    })),
    propertyFixtures: [],
  },
  {
    id: "adapter",
    failuresCarryEvidence: false,
    controlsLeaveNothingUntested: false,
    version: 1,
    mode: "adapter",
    options: [],
    fixtureOptions: [],
    controlRuns: 2,
    referenceNotApplicable: [],
    reference: [],
    fixtures: ADAPTER_FIXTURES.map((fixture) => ({
      name: fixture.file,
      breaks: fixture.breaks,
      ...(fixture.verdict ? { verdict: fixture.verdict } : {}),
      options: fixture.args ?? [],
      command: adapterCommand(fixture.file),
    })),
    propertyFixtures: ADAPTER_PROPERTY_FIXTURES.map((fixture) => ({
      ...fixture,
      name: fixture.file,
      command: adapterCommand(fixture.file),
    })),
  },
  {
    id: "host",
    failuresCarryEvidence: false,
    controlsLeaveNothingUntested: false,
    version: 1,
    mode: "host",
    options: HOST_TIMEOUT,
    fixtureOptions: [],
    controlRuns: 2,
    referenceNotApplicable: [],
    reference: [],
    fixtures: HOST_FIXTURES.map((fixture) => ({
      name: fixture.file,
      breaks: fixture.breaks,
      ...(fixture.verdict ? { verdict: fixture.verdict } : {}),
      options: [],
      command: hostCommand(fixture.file),
    })),
    propertyFixtures: HOST_PROPERTY_FIXTURES.map((fixture) => ({
      ...fixture,
      name: fixture.file,
      command: hostCommand(fixture.file),
    })),
  },
  {
    id: "runtime",
    failuresCarryEvidence: false,
    controlsLeaveNothingUntested: false,
    version: 1,
    mode: "runtime",
    // As in client mode: the acp scenarios' requests then carry timeoutMs 10000.
    options: CLIENT_TIMEOUT,
    fixtureOptions: [],
    referenceNotApplicable: REFERENCE_CLIENT_NOT_APPLICABLE,
    reference: [],
    fixtures: RUNTIME_FIXTURES.map((fixture) => ({
      name: fixture.file,
      breaks: fixture.breaks,
      ...(fixture.verdict ? { verdict: fixture.verdict } : {}),
      options: fixture.args ?? [],
      command: [process.execPath, join(ROOT, "dist/fixtures/runtimes", `${fixture.file}.js`)],
    })),
    propertyFixtures: [],
  },
];

/** A property budget no loaded machine runs out of before a control's few cases. */
export const CONTROL_PROPERTY_TIME = "60000";

export function fixtureProfile(id: ProfileId): FixtureProfile {
  return FIXTURE_PROFILES.find((profile) => profile.id === id)!;
}

/** A conformant control: it breaks nothing and its run is not blocked. */
export function isControl(fixture: FixtureRun): boolean {
  return fixture.breaks.length === 0 && fixture.verdict === undefined;
}

/** The CLI arguments of one run of `fixture`: the profile's options, then the tier's, then its own. */
export function fixtureArgs(profile: FixtureProfile, fixture: FixtureRun, tierOptions: readonly string[]) {
  return [
    profile.mode,
    ...profile.options,
    ...profile.fixtureOptions,
    ...tierOptions,
    ...fixture.options,
    "--",
    ...fixture.command,
  ];
}
