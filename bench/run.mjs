// npm run bench: the kit's performance figures. Not a test: each figure is a ratio of two
// things measured side by side in this one run (absolute numbers shown too), so it carries
// across machines where absolute times do not. README "Performance" has the table and targets.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { mockAgent, mockClient } from "../dist/peers/index.js";
import { measureFramers } from "./framers.mjs";
import { measureTimeToVerdict, TIME_TO_VERDICT_GOAL } from "./time-to-verdict.mjs";

const MIB = 1024 * 1024;
const rows = [];
function figure(name, value, target, detail) {
  const met = target.kind === "max" ? value <= target.value : value >= target.value;
  rows.push({ name, value, target, met, detail });
  console.log(
    `${met ? "✓" : "✗"} ${name}: ${value.toFixed(2)} (target ${target.kind === "max" ? "≤" : "≥"} ${target.value}) ${detail}`,
  );
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// 1. Suite overhead -------------------------------------------------------------------------
function kitRun(args, env = {}) {
  const dir = mkdtempSync(join(tmpdir(), "acp-conformance-bench-"));
  const reportPath = join(dir, "report.json");
  const started = performance.now();
  try {
    execFileSync(
      process.execPath,
      ["dist/bin/acp-conformance.js", "agent", "--quiet", "--report-json", reportPath, ...args],
      { stdio: "ignore", env: { ...process.env, ...env } },
    );
  } catch {
    // a not-conformant verdict exits 1; the report is what matters here
  }
  const seconds = (performance.now() - started) / 1000;
  const report = JSON.parse(readFileSync(reportPath, "utf8"));
  rmSync(dir, { recursive: true, force: true });
  return { seconds, report };
}

/** Spawn an agent, send initialize, wait for the answer, close stdin, wait for the exit: the least any scenario does. */
function spawnAndInitialize(command, args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answeredAt;
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"] });
    let buffered = "";
    child.stdout.on("data", (chunk) => {
      buffered += chunk;
      if (answeredAt === undefined && buffered.includes('"id":1')) {
        answeredAt = performance.now();
        child.stdin.end();
      }
    });
    child.on("error", reject);
    child.on("exit", () =>
      resolve({
        toAnswerMs: (answeredAt ?? performance.now()) - started,
        toExitMs: performance.now() - started,
      }),
    );
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1, clientCapabilities: {} } })}\n`,
    );
  });
}

const suite = kitRun([]);
const spawns = suite.report.environment.targetsSpawned;
const floorStarted = performance.now();
for (let index = 0; index < spawns; index++)
  await spawnAndInitialize(process.execPath, ["dist/peers/reference/agent-main.js"]);
const floorSeconds = (performance.now() - floorStarted) / 1000;
figure(
  "suite overhead (default agent suite / as many sequential spawn+initialize)",
  suite.seconds / floorSeconds,
  { kind: "max", value: 1.0 },
  `${suite.seconds.toFixed(1)} s for ${suite.report.scenarios.length} scenarios and ${spawns} agent processes vs ${floorSeconds.toFixed(1)} s floor`,
);

// 2. Framer throughput ----------------------------------------------------------------------
const { traffic, kit, bare, sdk } = await measureFramers();
const mbps = (result) => traffic.length / 1e6 / result.seconds;
if (kit.count !== bare.count || kit.count !== sdk.count)
  console.log(`  (frame counts differ: kit ${kit.count}, bare ${bare.count}, sdk ${sdk.count})`);
figure(
  "framer vs bare split + JSON.parse",
  mbps(kit) / mbps(bare),
  { kind: "min", value: 0.8 },
  `kit ${mbps(kit).toFixed(0)} MB/s, bare ${mbps(bare).toFixed(0)} MB/s on ${(traffic.length / 1e6).toFixed(0)} MB, ${kit.count} frames`,
);
figure(
  "framer vs the SDK's ndJsonStream",
  mbps(kit) / mbps(sdk),
  { kind: "min", value: 1.0 },
  `kit ${mbps(kit).toFixed(0)} MB/s, SDK ${mbps(sdk).toFixed(0)} MB/s`,
);

// 3. Peer start-up --------------------------------------------------------------------------
const mock = mockAgent({});
const mockCommand = mock.spawnCommand();
const mockTimes = [];
const rawTimes = [];
// Alternating, and the median of many: a Node start is most of both sides, and a busy machine's noise is as big as the difference.
for (let round = 0; round < 25; round++) {
  mockTimes.push((await spawnAndInitialize(mockCommand.command, mockCommand.args)).toAnswerMs);
  rawTimes.push((await spawnAndInitialize(process.execPath, ["bench/raw-agent.mjs"])).toAnswerMs);
}
await mock.close();
figure(
  "spawned mock agent start-up vs a 30-line raw agent",
  median(mockTimes) / median(rawTimes),
  { kind: "max", value: 1.3 },
  `median spawn-to-initialize ${median(mockTimes).toFixed(0)} ms vs ${median(rawTimes).toFixed(0)} ms`,
);

// 3b. CLI start-up ---------------------------------------------------------------------------
// The fixture tests start the CLI some six hundred times a tier; bundled, it loads one file.
function timeCommand(command, args) {
  const started = performance.now();
  execFileSync(command, args, { stdio: "ignore" });
  return performance.now() - started;
}
const cliTimes = [];
const bareTimes = [];
for (let round = 0; round < 15; round++) {
  cliTimes.push(timeCommand(process.execPath, ["dist/bin/acp-conformance.js", "--version"]));
  bareTimes.push(timeCommand(process.execPath, ["-e", "0"]));
}
figure(
  "CLI start-up (acp-conformance --version) vs a bare Node start",
  median(cliTimes) / median(bareTimes),
  { kind: "max", value: 3.0 },
  `median ${median(cliTimes).toFixed(0)} ms vs ${median(bareTimes).toFixed(0)} ms`,
);

// 4. In-process peers -----------------------------------------------------------------------
const TURNS = 3000;
const agent = mockAgent({});
const client = mockClient({
  steps: [
    { initialize: {} },
    { newSession: { cwd: "/tmp" } },
    ...Array.from({ length: TURNS }, (_, index) => ({ prompt: { text: `turn ${index}` } })),
  ],
});
const agentSide = agent.connectNode();
const clientSide = client.connectNode();
const turnsStarted = performance.now();
clientSide.output.pipe(agentSide.input);
agentSide.output.pipe(clientSide.input);
await client.log.waitFor((event) => event.kind === "ended", { timeoutMs: 300_000 });
const turnSeconds = (performance.now() - turnsStarted) / 1000;
await client.close();
await agent.close();
figure(
  "in-process scripted prompt turns per second",
  TURNS / turnSeconds,
  { kind: "min", value: 2000 },
  `${TURNS} turns in ${turnSeconds.toFixed(2)} s, mock client against mock agent`,
);

// 5. Memory under floods --------------------------------------------------------------------
const stdoutFlood = kitRun([
  "--runs",
  "0",
  "--only",
  "agent.limits.json-array",
  "--",
  process.execPath,
  "dist/fixtures/agents/floods-stdout.js",
]);
figure(
  "kit peak RSS (MiB) while the agent writes 1 GiB to stdout without a newline",
  stdoutFlood.report.environment.kitPeakRssBytes / MIB,
  { kind: "max", value: 150 },
  `${stdoutFlood.seconds.toFixed(1)} s`,
);
const stderrFlood = kitRun([
  "--runs",
  "0",
  "--startup-timeout",
  "120000",
  "--only",
  "agent.initialization.version-1",
  "--",
  process.execPath,
  "bench/floods-stderr-agent.mjs",
]);
figure(
  "kit peak RSS (MiB) while the agent writes 1 GiB to stderr",
  stderrFlood.report.environment.kitPeakRssBytes / MIB,
  { kind: "max", value: 150 },
  `${stderrFlood.seconds.toFixed(1)} s`,
);

// 6. Time to verdict -------------------------------------------------------------------------
// Every fixture of every mode, one at a time (minutes per mode; BENCH_MODES=agent narrows it).
for (const result of await measureTimeToVerdict()) {
  const slow = result.ratios
    .filter((entry) => entry.ratio > TIME_TO_VERDICT_GOAL)
    .map((entry) => `${entry.name} ${entry.ratio.toFixed(2)}×`);
  figure(
    `${result.mode} fixtures' time to verdict, the slowest as a ratio to the reference run (beyond the one deadline a hang makes it wait out)`,
    result.max,
    { kind: "max", value: TIME_TO_VERDICT_GOAL },
    `median ${result.median.toFixed(2)}×, reference ${result.referenceSeconds.toFixed(1)} s, ${result.ratios.length} fixtures${slow.length > 0 ? `; over ${TIME_TO_VERDICT_GOAL}×: ${slow.join(", ")}` : ""}`,
  );
}

console.log("\n| figure | measured | target | |\n|---|---:|---:|---|");
for (const row of rows)
  console.log(
    `| ${row.name} | ${row.value.toFixed(2)} | ${row.target.kind === "max" ? "≤" : "≥"} ${row.target.value} | ${row.met ? "met" : "not met"} |`,
  );
