// npm run bench: the kit's performance figures. Not a test: it prints numbers to compare
// across changes (ratios, not absolute times, are what carry across machines).
import { execFileSync } from "node:child_process";
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { NdjsonFramer } from "../dist/kit/wire/framer.js";

const MIB = 1024 * 1024;

function framerThroughput(label, chunk, totalBytes) {
  const framer = new NdjsonFramer({ maxLineBytes: 32 * MIB });
  const started = performance.now();
  let items = 0;
  for (let fed = 0; fed < totalBytes; fed += chunk.length) items += framer.push(chunk).length;
  items += framer.end().length;
  const seconds = (performance.now() - started) / 1000;
  console.log(`framer, ${label}: ${(totalBytes / MIB / seconds).toFixed(0)} MiB/s (${items} items)`);
}

const line = Buffer.from(`${JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s", update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "x".repeat(200) } } } })}\n`);
framerThroughput("small frames, 64 KiB reads", Buffer.concat(Array.from({ length: Math.floor((64 * 1024) / line.length) }, () => line)), 512 * MIB);
framerThroughput("1 GiB without a newline, 64 KiB reads", Buffer.alloc(64 * 1024, "x"), 1024 * MIB);

function cliRun(label, args) {
  const dir = mkdtempSync(join(tmpdir(), "acp-conformance-bench-"));
  const report = join(dir, "report.json");
  const started = performance.now();
  try {
    execFileSync(process.execPath, ["dist/bin/acp-conformance.js", "agent", "--quiet", "--report-json", report, ...args], { stdio: "ignore" });
  } catch {
    // not conformant is fine here
  }
  const seconds = (performance.now() - started) / 1000;
  const parsed = JSON.parse(readFileSync(report, "utf8"));
  rmSync(dir, { recursive: true, force: true });
  console.log(`${label}: ${seconds.toFixed(1)} s wall, kit peak RSS ${(parsed.environment.kitPeakRssBytes / MIB).toFixed(0)} MiB, ${parsed.scenarios.length} scenarios`);
}

cliRun("full run against the bundled reference agent", []);
cliRun("1 GiB stdout flood (one scenario)", ["--only", "agent.limits.json-array", "--", process.execPath, "dist/fixtures/agents/floods-stdout.js"]);
