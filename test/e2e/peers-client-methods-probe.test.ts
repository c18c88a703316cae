/**
 * The mock agent's probeClientMethods action against the mock client serving real files and real
 * terminals (in-process): every step gets the answer a correct client gives, the files it made
 * are under the session cwd, and kill and release leave none of its marked processes running.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PROBE } from "../../peers/agent/client-methods-probe.js";
import { mockAgent, mockClient } from "../../peers/index.js";
import { removeScratchDirs, scratch } from "./mock-client-runs.js";

afterEach(removeScratchDirs);

describe("probeClientMethods", () => {
  it("calls every advertised fs and terminal method for real, and its scans see kill and release end the tree", async () => {
    const cwd = scratch();
    const marker = "acp-conformance-probe-test-424242";
    const agent = mockAgent({
      prompts: [{ actions: [{ probeClientMethods: { marker } }, { stop: "end_turn" }] }],
    });
    const client = mockClient({
      clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true },
      fs: { mode: "disk" },
      terminal: { mode: "real" },
      steps: [{ initialize: {} }, { newSession: { cwd } }, { prompt: { text: "probe" } }],
    });
    const agentSide = agent.connectNode();
    const clientSide = client.connectNode();
    clientSide.output.pipe(agentSide.input);
    agentSide.output.pipe(clientSide.input);
    await client.log.waitFor((event) => event.kind === "ended", { timeoutMs: 60_000 });
    await client.close();
    await agent.close();
    const steps = new Map(agent.log.ofKind("probe").map((event) => [event.step, event]));
    const dir = (steps.get("prepared")?.params as { dir?: string } | undefined)?.dir ?? "";
    expect(dir.startsWith(join(cwd, PROBE.dirPrefix))).toBe(true);
    expect(steps.get("read-whole")?.result).toEqual({ content: PROBE.linesContent });
    expect(steps.get("read-line-2-limit-2")?.result).toEqual({ content: "two\nthree\n" });
    expect(steps.get("read-missing")?.error).toMatchObject({ code: -32002 });
    expect(readFileSync(join(dir, PROBE.writtenFile), "utf8")).toBe(PROBE.writtenContent);
    expect(steps.get("run-wait")?.result).toEqual({ exitCode: PROBE.exitCode, signal: null });
    expect(steps.get("truncate-output")?.result).toMatchObject({
      output: PROBE.truncationKept,
      truncated: true,
    });
    expect(steps.get("kill-before")?.alive?.length).toBeGreaterThanOrEqual(3);
    expect(steps.get("kill-after")?.alive).toEqual([]);
    expect(steps.get("release-after")?.alive).toEqual([]);
    expect(steps.get("release-output-after")?.error).toBeDefined();
  }, 90_000);
});
