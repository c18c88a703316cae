/**
 * capabilities: the agent calls fs/* and terminal/* whether or not the client advertised them,
 * and the client must refuse what it did not advertise. A client that advertised a capability
 * makes its scenario not applicable: serving it is then the client's right. A call left
 * unanswered (the client hangs on it) fails too: it got no error.
 */
import { join } from "node:path";
import { makeScratchDir, removeScratchDir } from "../../kit/scratch-dirs.js";
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import { agentScript } from "./agent-scripts.js";
import { clientMessages, describeExit, runClient, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { checkNotExercised } from "./shared-checks.js";

/**
 * An absolute path in a scratch directory for the agent's fs calls: a client that advertised fs
 * and serves them (this scenario is then not applicable) reads and writes there, or refuses a
 * path outside its session cwd, and never touches the kit's cwd.
 */
function scratchFile(context: ScenarioContext): string {
  const dir = makeScratchDir("capabilities-");
  context.defer(async () => removeScratchDir(dir));
  return join(dir, "kit-probe.txt");
}

/** What the client advertised in initialize. */
function advertised(run: ClientRun): {
  fs: { readTextFile?: unknown; writeTextFile?: unknown } | undefined;
  terminal: unknown;
} {
  const initialize = clientMessages(run).find((message) => message.method === "initialize");
  const capabilities = ((initialize?.params as { clientCapabilities?: Record<string, unknown> } | undefined)
    ?.clientCapabilities ?? {}) as {
    fs?: { readTextFile?: unknown; writeTextFile?: unknown };
    terminal?: unknown;
  };
  return { fs: capabilities.fs, terminal: capabilities.terminal };
}

/**
 * The agent's requests under `prefix` the client never answered. The mock agent logs an fs or
 * terminal call only once it is answered, so a client that hangs on one shows only here.
 */
function unansweredRequests(run: ClientRun, prefix: string): string[] {
  const answered = new Set(
    clientMessages(run).flatMap((message) =>
      "method" in message || !("id" in message) ? [] : [JSON.stringify(message.id)],
    ),
  );
  return run.events.flatMap((event) => {
    if (event.kind !== "sent") return [];
    try {
      const frame = JSON.parse(event.text) as { id?: unknown; method?: unknown };
      return typeof frame.method === "string" &&
        frame.method.startsWith(prefix) &&
        frame.id !== undefined &&
        !answered.has(JSON.stringify(frame.id))
        ? [frame.method]
        : [];
    } catch {
      return [];
    }
  });
}

export const capabilitiesFsScenario: Scenario = {
  id: "client.capabilities.fs",
  title: "the agent calls fs/* without the client having advertised it",
  mode: "client",
  requirements: ["client.capabilities.refuses-unadvertised-fs"],
  async run(context) {
    const path = scratchFile(context);
    const run = await runClient(
      context,
      agentScript([
        { readFile: { path } },
        { writeFile: { path, content: "written by the agent" } },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientChecks(context, run);
    const fs = advertised(run).fs;
    if (fs?.readTextFile === true && fs.writeTextFile === true) {
      context.check({
        requirement: "client.capabilities.refuses-unadvertised-fs",
        verdict: "not-applicable",
        message: "the client advertised fs.readTextFile and fs.writeTextFile",
      });
      return;
    }
    const calls = run.events.flatMap((event) => (event.kind === "fs" ? [event] : []));
    const unanswered = unansweredRequests(run, "fs/");
    if (calls.length === 0 && unanswered.length > 0) {
      context.check({
        requirement: "client.capabilities.refuses-unadvertised-fs",
        verdict: "fail",
        message: `${unanswered.join(" and ")} got no answer at all (${describeExit(run)}); a call the client did not advertise must get an error`,
        evidence: { stderrTail: run.stderrTail },
      });
      return;
    }
    if (calls.length === 0) {
      checkNotExercised(
        context,
        "client.capabilities.refuses-unadvertised-fs",
        `the turn never reached the fs calls (${describeExit(run)})`,
      );
      return;
    }
    const served = calls.filter(
      (call) =>
        call.ok &&
        ((call.method === "fs/read_text_file" && fs?.readTextFile !== true) ||
          (call.method === "fs/write_text_file" && fs?.writeTextFile !== true)),
    );
    if (served.length > 0) {
      context.check({
        requirement: "client.capabilities.refuses-unadvertised-fs",
        verdict: "fail",
        message: `the client served ${served.map((call) => call.method).join(" and ")} without advertising it`,
      });
      return;
    }
    context.check({
      requirement: "client.capabilities.refuses-unadvertised-fs",
      verdict: "pass",
      message: "fs calls the client did not advertise got errors",
    });
  },
};

export const capabilitiesTerminalScenario: Scenario = {
  id: "client.capabilities.terminal",
  title: "the agent calls terminal/* without the client having advertised it",
  mode: "client",
  requirements: ["client.capabilities.refuses-unadvertised-terminal"],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([{ terminal: { command: "echo", args: ["kit"] } }, { stop: "end_turn" }]),
    );
    recordGenericClientChecks(context, run);
    if (advertised(run).terminal === true) {
      context.check({
        requirement: "client.capabilities.refuses-unadvertised-terminal",
        verdict: "not-applicable",
        message: "the client advertised terminal",
      });
      return;
    }
    const create = run.events.find(
      (event) => event.kind === "terminal" && event.method === "terminal/create",
    );
    const unanswered = unansweredRequests(run, "terminal/");
    if (create?.kind !== "terminal" && unanswered.length > 0) {
      context.check({
        requirement: "client.capabilities.refuses-unadvertised-terminal",
        verdict: "fail",
        message: `${unanswered.join(" and ")} got no answer at all (${describeExit(run)}); a call the client did not advertise must get an error`,
        evidence: { stderrTail: run.stderrTail },
      });
      return;
    }
    if (create?.kind !== "terminal") {
      checkNotExercised(
        context,
        "client.capabilities.refuses-unadvertised-terminal",
        `the turn never reached terminal/create (${describeExit(run)})`,
      );
      return;
    }
    const served = (create.detail as { terminalId?: unknown } | undefined)?.terminalId !== undefined;
    if (served) {
      context.check({
        requirement: "client.capabilities.refuses-unadvertised-terminal",
        verdict: "fail",
        message: "the client created a terminal without advertising terminal",
      });
      return;
    }
    context.check({
      requirement: "client.capabilities.refuses-unadvertised-terminal",
      verdict: "pass",
      message: "terminal/create got an error",
    });
  },
};
