/**
 * The HTML report in a real headless Chromium (Debian's `chromium`, driven by playwright-core):
 * it loads with the network off and asks for nothing, shows the verdict and each failure's
 * transcript in both directions, and its filter narrows the requirement table; and its layout
 * holds at 1400 and 800 px.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCommand, runCli } from "../support/run-cli.js";

/** Where Chromium is: $ACP_CONFORMANCE_CHROMIUM, or Debian's and Ubuntu's package paths. */
function findChromium(): string | undefined {
  const candidates = [
    process.env.ACP_CONFORMANCE_CHROMIUM,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  return candidates.find((path): path is string => typeof path === "string" && existsSync(path));
}

const executablePath = findChromium();
if (!executablePath)
  console.warn(
    "HTML report browser test skipped: no Chromium found (install Debian's chromium package, or set ACP_CONFORMANCE_CHROMIUM); .ci/run installs it",
  );

describe.skipIf(!executablePath)("the HTML report in headless Chromium", () => {
  // Made in beforeAll: a skipped describe still runs its body, and would leave the directory behind.
  let work = "";
  let html = "";
  let browser: Browser;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "acp-conformance-html-"));
    html = join(work, "report.html");
    const run = await runCli([
      "agent",
      "--report-html",
      html,
      "--runs",
      "0",
      "--timeout",
      "2000",
      "--only",
      "agent.framing.split-writes",
      "--only",
      "agent.initialization.version-1",
      "--",
      ...fixtureCommand({ file: "drops-split-frames" }),
    ]);
    expect(run.exitCode).toBe(1);
    // --no-sandbox: CI containers run as root, where Chromium's sandbox cannot start.
    browser = await chromium.launch({ executablePath: executablePath!, args: ["--no-sandbox"] });
  });
  afterAll(async () => {
    await browser?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("loads offline without a single request, shows the verdict and the failure's transcript, and filters", async () => {
    const context = await browser.newContext({ offline: true, javaScriptEnabled: true });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    const url = pathToFileURL(html).href;
    await page.goto(url);

    expect(requests).toEqual([url]);
    expect(errors).toEqual([]);
    expect(await page.locator("#verdict").innerText()).toMatch(/^NOT CONFORMANT \(\d+ pass, 1 fail/);

    // Failures first: the filter starts on "failing", with the failure's transcript open.
    const visibleRows = page.locator("tr.requirement:not(.hidden)");
    expect(await visibleRows.count()).toBe(1);
    expect(await visibleRows.first().innerText()).toContain("agent.framing.accepts-split-frames");
    const transcript = page.locator("tr.evidence:not(.hidden) .transcript-viewer table.transcript");
    await expect.poll(() => transcript.isVisible()).toBe(true);
    const lines = await transcript.locator("tr").allInnerTexts();
    expect(lines.some((line) => /→ sent\s+\{"jsonrpc":"2\.0","id":1,"method":"initialize"/.test(line))).toBe(
      true,
    );
    expect(lines.some((line) => /← received\s+\{"jsonrpc":"2\.0","id":1,"result"/.test(line))).toBe(true);
    expect(lines.every((line) => /^\d+ ms/.test(line))).toBe(true);

    // All verdicts, then narrowed by text.
    await page.selectOption("#verdict-filter", "all");
    const total = await visibleRows.count();
    expect(total).toBeGreaterThan(30);
    await page.fill("#filter", "initialization");
    const narrowed = await visibleRows.allInnerTexts();
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(total);
    expect(narrowed.every((row) => row.includes("agent.initialization."))).toBe(true);
    await page.selectOption("#verdict-filter", "pass");
    expect((await visibleRows.allInnerTexts()).every((row) => row.startsWith("✓ pass"))).toBe(true);
    expect(await page.locator("#shown-count").innerText()).toMatch(/^\d+ shown$/);
    await context.close();
  });

  // Laid out, not just present: at a wide and a narrow window, each area-table header sits over
  // its numbers (they once sat one column to the left), and the transcript's time and direction
  // stay on one line while the message beside them wraps.
  for (const width of [1400, 800])
    it(`lines up the area table and keeps transcript times on one line at ${width} px`, async () => {
      const context = await browser.newContext({ offline: true, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(pathToFileURL(html).href);

      // Runs in the page; the elements are untyped here (the tests compile without the DOM library).
      const rows = await page.locator("#areas tr").evaluateAll((trs) =>
        trs.map((tr) =>
          [...tr.children].map((cell) => {
            const range = cell.ownerDocument.createRange();
            range.selectNodeContents(cell);
            const text = range.getBoundingClientRect();
            return {
              label: String(cell.textContent),
              numeric: Boolean(cell.classList.contains("num")),
              cellLeft: Number(cell.getBoundingClientRect().left),
              text: { left: Number(text.left), right: Number(text.right) },
            };
          }),
        ),
      );
      const [header, ...body] = rows;
      const columns = header!.map((th, index) => ({
        ...th,
        header: th.label,
        under: body.map((row) => row[index]!),
      }));
      expect(columns.map((column) => column.header)).toEqual([
        "area",
        "pass",
        "fail",
        "warn",
        "not tested",
        "n/a",
      ]);
      for (const column of columns) {
        expect(column.under.length).toBeGreaterThan(5);
        for (const cell of column.under) {
          expect(cell.cellLeft).toBeCloseTo(column.cellLeft, 0);
          // Numbers align right under right-aligned headers, names left under a left-aligned one.
          const edge = column.numeric ? "right" : "left";
          expect(Math.abs(cell.text[edge] - column.text[edge]), `${column.header} ${edge} edge`).toBeLessThan(
            1,
          );
        }
      }

      const transcriptCells = await page
        .locator("table.transcript td.t, table.transcript td.dir")
        .evaluateAll((cells) =>
          cells.map((cell) => {
            const range = cell.ownerDocument.createRange();
            range.selectNodeContents(cell);
            return {
              text: String(cell.textContent),
              lines: Number(range.getClientRects().length),
              height: Number(range.getBoundingClientRect().height),
              lineHeight: Number.parseFloat(cell.ownerDocument.defaultView.getComputedStyle(cell).lineHeight),
            };
          }),
        );
      expect(transcriptCells.length).toBeGreaterThanOrEqual(8);
      for (const cell of transcriptCells) {
        expect(cell.lines, `"${cell.text}" wraps`).toBe(1);
        expect(cell.height).toBeLessThanOrEqual(cell.lineHeight + 1);
      }
      // The message column does wrap: at 800 px a long frame takes several lines.
      const messageHeights = await page
        .locator("table.transcript td.text")
        .evaluateAll((cells) => cells.map((cell) => Number(cell.getBoundingClientRect().height)));
      if (width === 800)
        expect(Math.max(...messageHeights)).toBeGreaterThan(2 * transcriptCells[0]!.lineHeight);
      await context.close();
    });
});
