/**
 * initialization: the request the runtime reads on stdin is validated before any agent
 * starts: an unsupported protocolVersion, an unknown member and each invalid field must be
 * refused with an error event and a nonzero exit.
 */
import type { Scenario } from "../../kit/scenario.js";
import { runRuntime, TASK, type RuntimeRequest } from "./driver.js";
import { recordGenericRuntimeChecks } from "./generic-checks.js";
import { recordRefusal } from "./shared-checks.js";

export const unsupportedVersionScenario: Scenario = {
  id: "runtime.request.unsupported-version",
  title: "a request with protocolVersion 2",
  mode: "runtime",
  requirements: ["runtime.initialization.rejects-unsupported-version"],
  async run(context) {
    const run = await runRuntime(context, [], { request: (request) => ({ ...request, protocolVersion: 2 }) });
    recordGenericRuntimeChecks(context, run);
    if (
      recordRefusal(context, "runtime.initialization.rejects-unsupported-version", "protocolVersion 2", run)
    )
      context.check({
        requirement: "runtime.initialization.rejects-unsupported-version",
        verdict: "pass",
        message: "refused with an error event; no agent started",
      });
  },
};

export const unknownFieldScenario: Scenario = {
  id: "runtime.request.unknown-field",
  title: "a request with an unknown top-level member",
  mode: "runtime",
  requirements: ["runtime.initialization.rejects-unknown-fields"],
  async run(context) {
    const run = await runRuntime(context, [], { request: (request) => ({ ...request, sandbox: "none" }) });
    recordGenericRuntimeChecks(context, run);
    if (
      recordRefusal(
        context,
        "runtime.initialization.rejects-unknown-fields",
        'an unknown member "sandbox"',
        run,
      )
    )
      context.check({
        requirement: "runtime.initialization.rejects-unknown-fields",
        verdict: "pass",
        message: "refused with an error event; no agent started",
      });
  },
};

/** Each invalid request, one problem each: what is wrong (for the message), and the change that makes it. */
const INVALID_REQUESTS: Array<[string, (request: RuntimeRequest) => RuntimeRequest | string]> = [
  ["a relative cwd", (request) => ({ ...request, cwd: "relative/worktree" })],
  ["a cwd that does not exist", (request) => ({ ...request, cwd: `${String(request.cwd)}/does-not-exist` })],
  ["timeoutMs 0", (request) => ({ ...request, timeoutMs: 0 })],
  ["timeoutMs 3600001", (request) => ({ ...request, timeoutMs: 3_600_001 })],
  ["a blank command", (request) => ({ ...request, command: "   " })],
  ["a task without a request", (request) => ({ ...request, task: { id: TASK.id } })],
  ['transport "telnet"', (request) => ({ ...request, transport: "telnet" })],
  ["a request that is not JSON", (request) => JSON.stringify(request).slice(0, -1)],
];

export const invalidFieldsScenario: Scenario = {
  id: "runtime.request.invalid-fields",
  title: "eight invalid requests, one problem each",
  mode: "runtime",
  requirements: ["runtime.initialization.validates-fields"],
  async run(context) {
    for (const [what, change] of INVALID_REQUESTS) {
      const run = await runRuntime(context, [], { request: change });
      recordGenericRuntimeChecks(context, run);
      if (!recordRefusal(context, "runtime.initialization.validates-fields", what, run)) return;
    }
    context.check({
      requirement: "runtime.initialization.validates-fields",
      verdict: "pass",
      message: `all ${INVALID_REQUESTS.length} invalid requests were refused before any agent started`,
    });
  },
};
