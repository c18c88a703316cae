// The README's screenshots, reproducibly: runs the built CLI (`npm run build` first) against a
// demo agent with a few faults, the bundled reference agent and a fixture agent that cannot be
// steered without --prompt, renders an HTML report and a matrix of the three, and photographs the
// top of each in headless Chromium at 1400 px into docs/images/.
//
//   node scripts/screenshot-reports.mjs
//
// Chromium: $ACP_CONFORMANCE_CHROMIUM, else Debian's /usr/bin/chromium. Nothing is left running
// or behind: the browser closes and the scratch directory is removed, whatever happens.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { chromium } from "playwright-core";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CLI = join(ROOT, "dist/bin/acp-conformance.js");
const IMAGES = join(ROOT, "docs/images");
const CHROMIUM = process.env.ACP_CONFORMANCE_CHROMIUM ?? "/usr/bin/chromium";
const WIDTH = 1400;
const run = promisify(execFile);

// A scripted agent with a few faults, so the report has something to show: a banner on stdout
// (MUST), an unknown stopReason (MUST, schema), no agentInfo (SHOULD, a warning) and a tool that
// runs whatever the permission answer was (MUST, twice).
const DEMO_AGENT = {
  extends: join(ROOT, "fixtures/scripts/conformant-agent.json"),
  role: "agent",
  initialize: { agentInfo: null },
  faults: { garbageLine: "demo-agent 0.3 ready" },
  prompts: [
    { match: "acp-conformance: say hello", actions: [{ message: "Hello." }, { stop: "done" }] },
    {
      match: "acp-conformance: ask permission",
      actions: [
        {
          toolCall: { toolCallId: "write-file", title: "Write fixture.txt", kind: "edit", status: "pending" },
        },
        { requestPermission: { toolCallId: "write-file", title: "Write fixture.txt", as: "write" } },
        { toolCallUpdate: { toolCallId: "write-file", status: "completed" } },
        { stop: "end_turn" },
      ],
    },
  ],
};

// The bundled reference agent's documented triggers (see the README's options).
const PROMPTS = [
  "--prompt",
  "acp-conformance: say hello",
  "--cancel-prompt",
  "acp-conformance: long turn",
  "--permission-prompt",
  "acp-conformance: ask permission",
];

/** One CLI run; exit 1 (a verdict other than conformant) is expected, 2 and up is an error. */
async function cli(args) {
  try {
    await run(process.execPath, [CLI, ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    if (error.code !== 1) throw new Error(`acp-conformance ${args.join(" ")} failed:\n${error.stderr}`);
  }
}

async function photograph(context, html, png, height) {
  const page = await context.newPage();
  await page.setViewportSize({ width: WIDTH, height });
  await page.goto(pathToFileURL(html).href);
  await page.screenshot({ path: png, clip: { x: 0, y: 0, width: WIDTH, height } });
  await page.close();
  console.log(`${png.slice(ROOT.length + 1)}: ${Math.round(statSync(png).size / 1024)} KiB`);
}

if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: set ACP_CONFORMANCE_CHROMIUM`);
const work = mkdtempSync(join(tmpdir(), "acp-conformance-screenshots-"));
const at = (name) => join(work, name);
let context;
try {
  writeFileSync(at("demo-agent.json"), JSON.stringify(DEMO_AGENT, null, 2));
  const peer = [process.execPath, "dist/peers/peer-process.js", "agent", "--script", at("demo-agent.json")];
  await Promise.all([
    cli(["agent", "--runs", "0", "--report-json", at("demo.json"), ...PROMPTS, "--", ...peer]),
    cli(["agent", "--runs", "0", "--report-json", at("reference.json")]),
    // Conformant as far as it goes, but nothing steers its turns: an incomplete run.
    cli([
      "agent",
      "--runs",
      "0",
      "--report-json",
      at("unsteered.json"),
      "--",
      process.execPath,
      "dist/fixtures/agents/conformant.js",
    ]),
  ]);
  await cli(["report", at("demo.json"), "--html", at("report.html")]);
  await cli([
    "report",
    at("reference.json"),
    at("demo.json"),
    at("unsteered.json"),
    "--html",
    at("matrix.html"),
  ]);

  mkdirSync(IMAGES, { recursive: true });
  // A fresh profile in the scratch directory; --no-sandbox because CI containers run as root,
  // where Chromium's sandbox cannot start.
  context = await chromium.launchPersistentContext(at("chromium-profile"), {
    executablePath: CHROMIUM,
    headless: true,
    deviceScaleFactor: 1,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  await photograph(context, at("report.html"), join(IMAGES, "html-report.png"), 1250);
  await photograph(context, at("matrix.html"), join(IMAGES, "matrix.png"), 950);
} finally {
  await context?.close();
  rmSync(work, { recursive: true, force: true });
}
