// The time-to-verdict figure of npm run bench: every fixture of every mode through the real CLI
// with the kit's default options (properties on, as a user runs it, plus the steering a
// fixture needs), each as a ratio to its mode's bundled reference run. A broken target must
// not cost much more than a good one: the kit should learn early what will never come rather
// than wait it out in every scenario and every property case. The v2 profiles are modes of
// their own here (agent-v2, client-v2), each against the reference asked for v2; fixtures run
// from their bundles with the steering the fixture tests give them.
// Beside the fixtures, agent-timing, agent-v2-timing and client-timing time hostile peers whose
// defects are of timing (fixtures/agents/timing, fixtures/clients/timing): each is held to the
// same goal beyond the one wait its defect forces, with every steering prompt given.
// It takes about two hours for every mode, one run at a time. BENCH_MODES=agent,host
// narrows it; BENCH_JOBS=2 runs two at a time; BENCH_ONLY=name,name times only those fixtures
// (and the reference); BENCH_RUNS=0 turns the properties off (as the fixture tests run them);
// BENCH_VERBOSE=1 prints each run as it ends.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { ADAPTER_FIXTURES, ADAPTER_PROPERTY_FIXTURES } from "../dist/fixtures/adapters/manifest.js";
import { AGENT_FIXTURES, PROPERTY_FIXTURES } from "../dist/fixtures/agents/manifest.js";
import { AGENT_V2_FIXTURES } from "../dist/fixtures/agents/manifest-v2.js";
import { CLIENT_FIXTURES, CLIENT_PROPERTY_FIXTURES } from "../dist/fixtures/clients/manifest.js";
import { CLIENT_V2_FIXTURES } from "../dist/fixtures/clients/manifest-v2.js";
import { HOST_FIXTURES, HOST_PROPERTY_FIXTURES } from "../dist/fixtures/hosts/manifest.js";
import { RUNTIME_FIXTURES } from "../dist/fixtures/runtimes/manifest.js";
import { REFERENCE_PROMPT_OPTIONS } from "../dist/peers/reference/triggers.js";

const node = process.execPath;
const V2 = ["--protocol-version", "2"];

/** The agent bundles that take the SDK from a start-up snapshot (scripts/bundle-fixtures.mjs). */
const snapshot = JSON.parse(readFileSync("dist/fixture-bundles/agents/sdk-snapshot.json", "utf8"));

/** A fixture agent's command, as the fixture tests run it: its bundle, or a peer script through the scripted peer. */
function agentCommand(fixture) {
  if (!fixture.file)
    return [
      node,
      "dist/peers/peer-process.js",
      "agent",
      "--script",
      `fixtures/scripts/${fixture.script}.json`,
    ];
  const bundle = `${fixture.file}.js`;
  const blob = snapshot.users[bundle]
    ? ["--snapshot-blob", `dist/fixture-bundles/agents/${snapshot.users[bundle]}`]
    : [];
  return [node, ...blob, `dist/fixture-bundles/agents/${bundle}`];
}

/** A v2 fixture agent's run: steered as the reference is, with its own login method, as the CLI names it for the bundled agent. */
function agentV2Args(fixture) {
  return [
    "agent",
    ...V2,
    ...REFERENCE_PROMPT_OPTIONS,
    "--auth-method",
    "reference-login",
    ...(fixture.args ?? []),
    "--",
    ...agentCommand(fixture),
  ];
}

/** The hostile peers of a folder of fixtures/<kind>/timing, by file name (every one there is timed). */
function timingPeers(kind) {
  return readdirSync(`dist/fixture-bundles/${kind}/timing`)
    .filter((file) => file.endsWith(".js"))
    .map((file) => file.slice(0, -".js".length))
    .sort();
}
/** The v2 ones (on the v2 reference) are named v2-*: they run in a mode of their own. */
const TIMING_AGENTS = timingPeers("agents").filter((name) => !name.startsWith("v2-"));
const TIMING_AGENTS_V2 = timingPeers("agents").filter((name) => name.startsWith("v2-"));
const TIMING_CLIENTS = timingPeers("clients");

/** Each mode's fixtures as CLI arguments, the reference run first. */
const MODES = {
  agent: [
    { name: "reference", args: ["agent"] },
    ...[...AGENT_FIXTURES, ...PROPERTY_FIXTURES].map((fixture) => ({
      name: fixture.file ?? fixture.script,
      args: ["agent", ...REFERENCE_PROMPT_OPTIONS, ...(fixture.args ?? []), "--", ...agentCommand(fixture)],
    })),
  ],
  "agent-v2": [
    { name: "reference", args: ["agent", ...V2] },
    ...AGENT_V2_FIXTURES.map((fixture) => ({ name: fixture.file, args: agentV2Args(fixture) })),
  ],
  client: [
    { name: "reference", args: ["client"] },
    ...[...CLIENT_FIXTURES, ...CLIENT_PROPERTY_FIXTURES].map((fixture) => ({
      name: fixture.file,
      args: [
        "client",
        ...(fixture.args ?? []),
        "--",
        node,
        `dist/fixture-bundles/clients/${fixture.file}.js`,
        "{agent}",
      ],
    })),
  ],
  "client-v2": [
    { name: "reference", args: ["client", ...V2] },
    ...CLIENT_V2_FIXTURES.map((fixture) => ({
      name: `v2/${fixture.file}`,
      args: [
        "client",
        ...V2,
        ...(fixture.args ?? []),
        "--",
        node,
        `dist/fixture-bundles/clients/v2/${fixture.file}.js`,
        "{agent}",
      ],
    })),
  ],
  adapter: [
    { name: "reference", args: ["adapter"] },
    ...[...ADAPTER_FIXTURES, ...ADAPTER_PROPERTY_FIXTURES].map((fixture) => ({
      name: fixture.file,
      args: ["adapter", ...(fixture.args ?? []), "--", node, `dist/fixtures/adapters/${fixture.file}.js`],
    })),
  ],
  host: [
    { name: "reference", args: ["host"] },
    ...[...HOST_FIXTURES, ...HOST_PROPERTY_FIXTURES].map((fixture) => ({
      name: fixture.file,
      args: [
        "host",
        ...(fixture.args ?? []),
        "--",
        node,
        `dist/fixtures/hosts/${fixture.file}.js`,
        "{adapter}",
      ],
    })),
  ],
  runtime: [
    { name: "reference", args: ["runtime"] },
    ...RUNTIME_FIXTURES.map((fixture) => ({
      name: fixture.file,
      args: ["runtime", ...(fixture.args ?? []), "--", node, `dist/fixtures/runtimes/${fixture.file}.js`],
    })),
  ],
  // Hostile peers whose defects are of timing, not of one requirement (fixtures/*/timing), run
  // as a user runs a real one: default deadlines, properties on, every steering prompt given.
  "agent-timing": [
    { name: "reference", args: ["agent"] },
    ...TIMING_AGENTS.map((name) => ({
      name,
      args: ["agent", ...REFERENCE_PROMPT_OPTIONS, "--", ...agentCommand({ file: `timing/${name}` })],
    })),
  ],
  "agent-v2-timing": [
    { name: "reference", args: ["agent", ...V2] },
    ...TIMING_AGENTS_V2.map((name) => ({ name, args: agentV2Args({ file: `timing/${name}` }) })),
  ],
  "client-timing": [
    { name: "reference", args: ["client"] },
    ...TIMING_CLIENTS.map((name) => ({
      name,
      args: ["client", "--", node, `dist/fixture-bundles/clients/timing/${name}.js`, "{agent}"],
    })),
  ],
};

const execFileAsync = promisify(execFile);

async function timeRun(args) {
  const dir = mkdtempSync(join(tmpdir(), "acp-conformance-bench-"));
  const [mode, ...rest] = args;
  const started = performance.now();
  try {
    const runs = process.env.BENCH_RUNS !== undefined ? ["--runs", process.env.BENCH_RUNS] : [];
    await execFileAsync(node, ["dist/bin/acp-conformance.js", mode, "--quiet", ...runs, ...rest], {
      env: { ...process.env, TMPDIR: dir },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    // a fixture's verdict exits 1; only the time matters here
  }
  const seconds = (performance.now() - started) / 1000;
  rmSync(dir, { recursive: true, force: true });
  return seconds;
}

/**
 * BENCH_JOBS runs that many at once (default 1). The reference is then timed as many times at
 * once and its median taken, so every ratio compares runs made under the same load.
 */
const JOBS = Math.max(1, Number(process.env.BENCH_JOBS ?? 1));

async function inPool(items, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: JOBS }, worker));
  return results;
}

/**
 * Fixtures whose defect is only seen by waiting out a deadline, and that deadline: a hung peer
 * shows itself only when the time it was given runs out, and no kit can say so sooner. For
 * them the goal is on the time beyond that one wait (so a second wait of it, or one in every
 * scenario, counts against the goal); the raw ratio is printed beside it.
 */
const CLIENT_TIMEOUT = { ms: 30_000, why: "--client-timeout (30 s), after which a client is hung" };
const WAITS_OUT = {
  client: {
    "no-turn-timeout": CLIENT_TIMEOUT,
    "hangs-on-unknown-error-code": CLIENT_TIMEOUT,
    "hangs-on-stop-reason": CLIENT_TIMEOUT,
    "wedges-on-cancelled-error": CLIENT_TIMEOUT,
  },
  "client-v2": {
    "v2/no-turn-timeout": CLIENT_TIMEOUT,
    "v2/hangs-on-stop-reason": CLIENT_TIMEOUT,
    "v2/wedges-on-cancelled-error": CLIENT_TIMEOUT,
  },
  host: {
    "no-timeout": { ms: 12_000, why: "--host-timeout (12 s), the time a host has to stop a hung adapter" },
  },
  // The default deadlines: a hostile peer is run as a user would run a real one.
  "agent-timing": {
    "never-answers-initialize": {
      ms: 10_000,
      why: "--startup-timeout (10 s), after which initialize is late",
    },
    "never-answers-prompt": {
      ms: 35_000,
      why: "a turn's wait (--timeout, 30 s, and 5 s of grace), after which session/prompt is unanswered",
    },
    "ignores-stdin-end": { ms: 5_000, why: "--close-grace (5 s), after which the agent is signalled" },
  },
  "agent-v2-timing": {
    "v2-never-acknowledges-prompt": {
      ms: 35_000,
      why: "a turn's wait (--timeout, 30 s, and 5 s of grace), after which session/prompt is unacknowledged",
    },
    "v2-never-goes-idle": {
      ms: 35_000,
      why: "a turn's wait (--timeout, 30 s, and 5 s of grace), after which the turn never went idle",
    },
  },
  "client-timing": {
    "stays-after-turn": CLIENT_TIMEOUT,
  },
  adapter: {
    hangs: { ms: 2_000, why: "its --timeout 2000, the time an adapter has to finish" },
    "lingers-after-output": {
      ms: 3_000,
      why: "its own 3 s linger after its last event, which is the defect",
    },
  },
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Per mode: the reference run's seconds, and each fixture's as a ratio to it. */
export async function measureTimeToVerdict(
  modes = process.env.BENCH_MODES?.split(",") ?? Object.keys(MODES),
) {
  const results = [];
  for (const mode of modes) {
    const only = process.env.BENCH_ONLY?.split(",");
    const [reference, ...everyFixture] = MODES[mode];
    const fixtures = only ? everyFixture.filter((fixture) => only.includes(fixture.name)) : everyFixture;
    if (fixtures.length === 0) continue;
    const referenceSeconds = median(
      await Promise.all(Array.from({ length: JOBS }, () => timeRun(reference.args))),
    );
    if (process.env.BENCH_VERBOSE) console.error(`${mode}: reference ${referenceSeconds.toFixed(1)} s`);
    const ratios = await inPool(fixtures, async (fixture) => {
      const seconds = await timeRun(fixture.args);
      const waitsOut = WAITS_OUT[mode]?.[fixture.name];
      const ratio = (waitsOut ? seconds - waitsOut.ms / 1000 : seconds) / referenceSeconds;
      if (process.env.BENCH_VERBOSE)
        console.error(
          `  ${fixture.name}: ${seconds.toFixed(1)} s (${ratio.toFixed(2)}×${waitsOut ? ` beyond ${waitsOut.why}` : ""})`,
        );
      return { name: fixture.name, seconds, ratio, waitsOut };
    });
    const values = ratios.map((entry) => entry.ratio);
    results.push({ mode, referenceSeconds, median: median(values), max: Math.max(...values), ratios });
  }
  return results;
}

/** The goal: no fixture costs more than twice its mode's reference run (beyond the one wait its defect forces). */
export const TIME_TO_VERDICT_GOAL = 2;

export function describeTimeToVerdict(result) {
  const lines = [
    `${result.mode}: reference ${result.referenceSeconds.toFixed(1)} s; fixtures median ${result.median.toFixed(2)}×, max ${result.max.toFixed(2)}×${result.max <= TIME_TO_VERDICT_GOAL ? "" : ` (goal ${TIME_TO_VERDICT_GOAL}×: not met)`}`,
  ];
  for (const entry of result.ratios.filter((ratio) => ratio.ratio > 1.5 || ratio.waitsOut))
    lines.push(
      `  ${entry.name}: ${entry.seconds.toFixed(1)} s (${entry.ratio.toFixed(2)}×${entry.waitsOut ? ` beyond ${entry.waitsOut.why}` : ""})`,
    );
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const result of await measureTimeToVerdict()) console.log(describeTimeToVerdict(result));
}
