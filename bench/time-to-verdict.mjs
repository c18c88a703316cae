// The time-to-verdict figure of npm run bench: every fixture of every mode through the real CLI
// with the kit's default options (properties on, as a user runs it, plus the steering a
// fixture needs), one run at a time, each as a ratio to its mode's bundled reference run. A
// broken target must not cost much more than a good one: the kit should learn early what
// will never come rather than wait it out in every scenario and every property case.
// BENCH_MODES=agent,client narrows it; it takes minutes per mode. BENCH_RUNS=0 turns the
// properties off (as the fixture tests run them); BENCH_VERBOSE=1 prints each run as it ends.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { ADAPTER_FIXTURES } from "../dist/fixtures/adapters/manifest.js";
import { AGENT_FIXTURES } from "../dist/fixtures/agents/manifest.js";
import { CLIENT_FIXTURES } from "../dist/fixtures/clients/manifest.js";
import { HOST_FIXTURES } from "../dist/fixtures/hosts/manifest.js";
import { RUNTIME_FIXTURES } from "../dist/fixtures/runtimes/manifest.js";

const AGENT_PROMPTS = [
  "--prompt",
  "acp-conformance: say hello",
  "--cancel-prompt",
  "acp-conformance: long turn",
  "--permission-prompt",
  "acp-conformance: ask permission",
];
const node = process.execPath;

/** Each mode's fixtures as CLI arguments, the reference run first. */
const MODES = {
  agent: [
    { name: "reference", args: ["agent"] },
    ...AGENT_FIXTURES.map((fixture) => ({
      name: fixture.file ?? fixture.script,
      args: [
        "agent",
        ...AGENT_PROMPTS,
        ...(fixture.args ?? []),
        "--",
        ...(fixture.file
          ? [node, `dist/fixtures/agents/${fixture.file}.js`]
          : [
              node,
              "dist/peers/peer-process.js",
              "agent",
              "--script",
              `fixtures/scripts/${fixture.script}.json`,
            ]),
      ],
    })),
  ],
  client: [
    { name: "reference", args: ["client"] },
    ...CLIENT_FIXTURES.map((fixture) => ({
      name: fixture.file,
      args: [
        "client",
        ...(fixture.args ?? []),
        "--",
        node,
        `dist/fixtures/clients/${fixture.file}.js`,
        "{agent}",
      ],
    })),
  ],
  adapter: [
    { name: "reference", args: ["adapter"] },
    ...ADAPTER_FIXTURES.map((fixture) => ({
      name: fixture.file,
      args: ["adapter", ...(fixture.args ?? []), "--", node, `dist/fixtures/adapters/${fixture.file}.js`],
    })),
  ],
  host: [
    { name: "reference", args: ["host"] },
    ...HOST_FIXTURES.map((fixture) => ({
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
};

function timeRun(args) {
  const dir = mkdtempSync(join(tmpdir(), "acp-conformance-bench-"));
  const [mode, ...rest] = args;
  const started = performance.now();
  try {
    const runs = process.env.BENCH_RUNS !== undefined ? ["--runs", process.env.BENCH_RUNS] : [];
    execFileSync(node, ["dist/bin/acp-conformance.js", mode, "--quiet", ...runs, ...rest], {
      stdio: "ignore",
      env: { ...process.env, TMPDIR: dir },
    });
  } catch {
    // a fixture's verdict exits 1; only the time matters here
  }
  const seconds = (performance.now() - started) / 1000;
  rmSync(dir, { recursive: true, force: true });
  return seconds;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Per mode: the reference run's seconds, and each fixture's as a ratio to it. */
export function measureTimeToVerdict(modes = process.env.BENCH_MODES?.split(",") ?? Object.keys(MODES)) {
  const results = [];
  for (const mode of modes) {
    const [reference, ...fixtures] = MODES[mode];
    const referenceSeconds = timeRun(reference.args);
    if (process.env.BENCH_VERBOSE) console.error(`${mode}: reference ${referenceSeconds.toFixed(1)} s`);
    const ratios = fixtures.map((fixture) => {
      const seconds = timeRun(fixture.args);
      if (process.env.BENCH_VERBOSE)
        console.error(
          `  ${fixture.name}: ${seconds.toFixed(1)} s (${(seconds / referenceSeconds).toFixed(2)}×)`,
        );
      return { name: fixture.name, seconds, ratio: seconds / referenceSeconds };
    });
    const values = ratios.map((entry) => entry.ratio);
    results.push({ mode, referenceSeconds, median: median(values), max: Math.max(...values), ratios });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const result of measureTimeToVerdict()) {
    console.log(
      `${result.mode}: reference ${result.referenceSeconds.toFixed(1)} s; fixtures median ${result.median.toFixed(2)}×, max ${result.max.toFixed(2)}×`,
    );
    for (const entry of result.ratios.filter((ratio) => ratio.ratio > 1.5))
      console.log(`  ${entry.name}: ${entry.seconds.toFixed(1)} s (${entry.ratio.toFixed(2)}×)`);
  }
}
