/**
 * permission, capabilities, limits and timeouts: how the client answers the agent's requests,
 * whether it serves what it did not advertise, and how it copes with huge frames, floods and
 * an agent that never answers.
 */
import type { Scenario } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import {
  clientMessages,
  describeExit,
  failedCleanly,
  runClient,
  succeeded,
  type ClientRun,
} from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";

const MIB = 1024 * 1024;
/** The option ids the mock agent offers with every permission request (its default options). */
export const OFFERED_OPTION_IDS = ["allow", "reject"];

/** A valid answer to session/request_permission, as the mock agent recorded it: cancelled, or an offered option selected. */
export function isValidPermissionOutcome(outcome: unknown): boolean {
  const answer = outcome as { outcome?: unknown; optionId?: unknown } | undefined;
  return (
    answer?.outcome === "cancelled" ||
    (answer?.outcome === "selected" && OFFERED_OPTION_IDS.includes(String(answer.optionId)))
  );
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

export const permissionScenario: Scenario = {
  id: "client.permission.request",
  title: "the agent asks permission before a tool call",
  mode: "client",
  requirements: ["client.permission.valid-answer", "client.permission.policy"],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([
        { toolCall: { toolCallId: "kit-tool", title: "Write kit.txt", kind: "edit", status: "pending" } },
        { requestPermission: { toolCallId: "kit-tool", title: "Write kit.txt", as: "write" } },
        {
          ifPermission: {
            as: "write",
            outcome: "allowed",
            then: [{ toolCallUpdate: { toolCallId: "kit-tool", status: "completed" } }],
            else: [{ toolCallUpdate: { toolCallId: "kit-tool", status: "failed" } }],
          },
        },
        { message: nonce("after-permission") },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientChecks(context, run);
    const answer = run.events.find((event) => event.kind === "permission");
    if (answer?.kind !== "permission") {
      context.check({
        requirement: "client.permission.valid-answer",
        verdict: "fail",
        message: `session/request_permission was never answered (${describeExit(run)})`,
      });
      return;
    }
    const outcome = answer.outcome as { outcome?: unknown; optionId?: unknown; error?: unknown } | undefined;
    const policy =
      outcome?.outcome === "cancelled"
        ? "cancelled"
        : outcome?.optionId === "allow"
          ? "granted"
          : outcome?.optionId === "reject"
            ? "rejected"
            : "answered with something else than an offered option";
    context.check({
      requirement: "client.permission.policy",
      verdict: "pass",
      message: `the client ${policy} the permission request`,
      evidence: { actual: outcome },
    });
    if (!isValidPermissionOutcome(outcome)) {
      context.check({
        requirement: "client.permission.valid-answer",
        verdict: "fail",
        message: `the answer must select an offered option (allow, reject) or be cancelled; it was ${JSON.stringify(outcome)}`,
      });
      return;
    }
    context.check({
      requirement: "client.permission.valid-answer",
      verdict: "pass",
      message: `answered ${JSON.stringify(outcome)}`,
    });
  },
};

export const CANCEL_WHILE_ASKING = "client.permission.cancel-while-asking";

export const cancelWhileAskingScenario: Scenario = {
  id: CANCEL_WHILE_ASKING,
  title: "the client cancels the turn while a permission request is pending",
  mode: "client",
  requirements: ["client.permission.cancelled-on-cancel"],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([
        {
          toolCall: { toolCallId: "kit-tool", title: "Delete the build", kind: "delete", status: "pending" },
        },
        { requestPermission: { toolCallId: "kit-tool", title: "Delete the build", as: "delete" } },
        { message: nonce("after-permission") },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientChecks(context, run);
    const cancelAt = run.events.findIndex((event) => event.kind === "cancel");
    const answerAt = run.events.findIndex((event) => event.kind === "permission");
    if (cancelAt === -1 || (answerAt !== -1 && answerAt < cancelAt)) {
      context.check({
        requirement: "client.permission.cancelled-on-cancel",
        verdict: "not-tested",
        message: `not exercised: the client did not cancel while the permission request was pending; a client's test entry point can cancel when ACP_CONFORMANCE_SCENARIO is ${CANCEL_WHILE_ASKING}`,
      });
      return;
    }
    const answer = run.events[answerAt];
    if (answerAt === -1 || answer?.kind !== "permission") {
      context.check({
        requirement: "client.permission.cancelled-on-cancel",
        verdict: "fail",
        message: `after cancelling the turn the client never answered the pending permission request (${describeExit(run)})`,
      });
      return;
    }
    const outcome = answer.outcome as { outcome?: unknown } | undefined;
    context.check(
      outcome?.outcome === "cancelled"
        ? {
            requirement: "client.permission.cancelled-on-cancel",
            verdict: "pass",
            message:
              "after cancelling the turn the client answered the pending permission request with cancelled",
          }
        : {
            requirement: "client.permission.cancelled-on-cancel",
            verdict: "fail",
            message: `after cancelling the turn the client answered the pending permission request with ${JSON.stringify(outcome)}, not cancelled`,
          },
    );
  },
};

export const fsScenario: Scenario = {
  id: "client.capabilities.fs",
  title: "the agent calls fs/* without the client having advertised it",
  mode: "client",
  requirements: ["client.capabilities.refuses-unadvertised-fs"],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([
        { readFile: { path: "kit-probe.txt" } },
        { writeFile: { path: "kit-probe.txt", content: "written by the agent" } },
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
      verdict: calls.length > 0 ? "pass" : "not-tested",
      message:
        calls.length > 0
          ? "fs calls the client did not advertise got errors"
          : `not exercised: the turn never reached the fs calls (${describeExit(run)})`,
    });
  },
};

export const terminalScenario: Scenario = {
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
    if (create?.kind !== "terminal") {
      context.check({
        requirement: "client.capabilities.refuses-unadvertised-terminal",
        verdict: "not-tested",
        message: `not exercised: the turn never reached terminal/create (${describeExit(run)})`,
      });
      return;
    }
    const served = (create.detail as { terminalId?: unknown } | undefined)?.terminalId !== undefined;
    context.check(
      served
        ? {
            requirement: "client.capabilities.refuses-unadvertised-terminal",
            verdict: "fail",
            message: "the client created a terminal without advertising terminal",
          }
        : {
            requirement: "client.capabilities.refuses-unadvertised-terminal",
            verdict: "pass",
            message: "terminal/create got an error",
          },
    );
  },
};

export const largeFrameScenario: Scenario = {
  id: "client.limits.large-frame",
  title: "a 16 MiB agent frame",
  mode: "client",
  requirements: ["client.limits.large-frame"],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([{ bigMessage: { bytes: 16 * MIB, text: nonce("big") } }, { stop: "end_turn" }]),
    );
    recordGenericClientChecks(context, run);
    const ok = succeeded(run) || failedCleanly(run);
    context.check({
      requirement: "client.limits.large-frame",
      verdict: ok ? "pass" : "fail",
      message: `after a 16 MiB message chunk, ${describeExit(run)}`,
      evidence: { stderrTail: run.stderrTail },
    });
  },
};

export const floodScenario: Scenario = {
  id: "client.limits.stdout-flood",
  title: "64 MiB, then 256 MiB, of agent stdout without a newline",
  mode: "client",
  requirements: ["client.limits.flood-bounded"],
  async run(context) {
    // Two flood sizes: a client with a bounded line buffer grows about the same for both; one
    // that keeps the unterminated line grows with the flood.
    const small = await runClient(context, agentScript([{ flood: { bytes: 64 * MIB } }, { hang: true }]), {
      sampleMemory: true,
    });
    recordGenericClientChecks(context, small);
    const large = await runClient(context, agentScript([{ flood: { bytes: 256 * MIB } }, { hang: true }]), {
      sampleMemory: true,
    });
    const timings = { peakRssBytesAt64MiB: small.peakRssBytes, peakRssBytesAt256MiB: large.peakRssBytes };
    for (const [run, size] of [
      [small, 64],
      [large, 256],
    ] as const) {
      if (!failedCleanly(run)) {
        context.check({
          requirement: "client.limits.flood-bounded",
          verdict: "fail",
          message: `after ${size} MiB without a newline the client must fail the turn cleanly; ${describeExit(run)}`,
          evidence: { timings, stderrTail: run.stderrTail },
        });
        return;
      }
    }
    // A client that keeps the line must hold the extra 192 MiB; a bounded one that reads and
    // discards shows only garbage-collection noise, which can reach tens of MiB on a busy machine.
    const extra = large.peakRssBytes - small.peakRssBytes;
    if (extra >= 160 * MIB) {
      context.check({
        requirement: "client.limits.flood-bounded",
        verdict: "fail",
        message: `the client's process tree grew ${Math.round(extra / MIB)} MiB more for a 256 MiB flood than for a 64 MiB one: its memory grows with the flood`,
        evidence: { timings },
      });
      return;
    }
    context.check({
      requirement: "client.limits.flood-bounded",
      verdict: "pass",
      message: `the client failed both floods cleanly; peak memory ${Math.round(small.peakRssBytes / MIB)} MiB at 64 MiB, ${Math.round(large.peakRssBytes / MIB)} MiB at 256 MiB`,
      evidence: { timings },
    });
  },
};

export const hungAgentScenario: Scenario = {
  id: "client.timeouts.hung-agent",
  title: "the agent never answers the prompt",
  mode: "client",
  requirements: ["client.timeouts.gives-up-on-hung-agent"],
  async run(context) {
    const run = await runClient(context, agentScript([{ message: nonce("before-hang") }, { hang: true }]));
    recordGenericClientChecks(context, run);
    if (failedCleanly(run)) {
      context.check({
        requirement: "client.timeouts.gives-up-on-hung-agent",
        verdict: "pass",
        message: `the client gave up after ${Math.round(run.durationMs / 1000)} s and reported failure (${describeExit(run)})`,
      });
      return;
    }
    const how = run.timedOut
      ? `it was still waiting at --client-timeout ${context.options.clientTimeoutMs} ms`
      : `${describeExit(run)}, as if the turn had succeeded`;
    context.check({
      requirement: "client.timeouts.gives-up-on-hung-agent",
      verdict: "fail",
      message: `the agent never answered the prompt; ${how}`,
    });
  },
};

export const BEHAVIOUR_SCENARIOS: readonly Scenario[] = [
  permissionScenario,
  cancelWhileAskingScenario,
  fsScenario,
  terminalScenario,
  largeFrameScenario,
  floodScenario,
  hungAgentScenario,
];
