/**
 * Checks made on every v2 run of the client under test: v1's version-neutral ones (framing,
 * unique ids, order, answers to the agent's requests, cleanup: the requirements with
 * `versions: [1, 2]`, recorded by v1's recordGenericClientChecks with its v1-only checks left
 * out), every frame valid against the v2 schema, and what its initialize and methods say about
 * the v1 surface v2 removed (migration.mdx, "Migration checklist: Clients").
 */
import { findRequirement, requirementVersions, type RequirementId } from "../../../kit/requirements/index.js";
import type { ScenarioContext } from "../../../kit/scenario.js";
import { AcpSchema } from "../../../kit/wire/schema.js";
import type { ClientRun } from "../driver.js";
import { frameProblems, recordGenericClientChecks } from "../generic-checks.js";
import { asObject, clientCalls, readTimeline } from "../wire-timeline.js";
import {
  CAPABILITY_GATING_V2_REQUIREMENTS,
  recordCapabilityGatingV2Checks,
} from "./capability-gating-checks.js";
import { recordMcpServerV2Checks } from "./mcp-server-checks.js";
import { flattenBatches, recordLifecycleBatchingCheck } from "./batch-wire.js";
import { extensionChecks } from "../extension-checks.js";

/** v1's extensibility checks, which a v2 run records against the v2 schema (not through v1's generic checks). */
const EXTENSION_REQUIREMENTS = [
  "client.extensibility.no-custom-root-fields",
  "client.extensibility.custom-methods-prefixed",
  "client.extensibility.trace-context-shape",
] as const satisfies readonly RequirementId[];
import { recordOnePromptAtATime } from "./one-prompt-checks.js";

export const GENERIC_CLIENT_V2_CHECK_REQUIREMENTS = [
  "client.framing.writes-only-jsonrpc",
  "client.v2.schema.valid-payloads",
  "client.jsonrpc.unique-request-ids",
  "client.cleanup.agent-group-gone",
  "client.cleanup.closes-stdin-first",
  "client.cleanup.escaped-grandchild",
  "client.initialization.initialize-first",
  "client.initialization.session-after-initialize",
  "client.prompt.prompt-after-setup",
  "client.session-matching.known-session-ids",
  "client.jsonrpc.no-reply-to-notification",
  "client.jsonrpc.every-request-answered-once",
  "client.v2.initialization.latest-version",
  "client.v2.capabilities.no-removed-capabilities",
  "client.v2.initialization.only-v2-methods",
  "client.v2.initialization.no-auth-without-methods",
  "client.schema.absolute-paths",
  ...CAPABILITY_GATING_V2_REQUIREMENTS,
  "client.v2.schema.mcp-server-shape",
  "client.v2.jsonrpc.no-lifecycle-batching",
  ...EXTENSION_REQUIREMENTS,
  "client.v2.prompt.one-prompt-at-a-time",
] as const satisfies readonly RequirementId[];

/** Methods v2 removed or renamed, which a v2 client no longer sends (migration.mdx#method-changes). */
const REMOVED_METHODS = ["session/load", "session/set_mode", "authenticate", "logout"];

/** The context, recording only the checks of requirements the v2 profile reports (and judges as v1 does). */
function v2Only(context: ScenarioContext): ScenarioContext {
  const ownV2 = new Set<string>(EXTENSION_REQUIREMENTS);
  return new Proxy(context, {
    get(target, key) {
      if (key === "check")
        return (input: Parameters<ScenarioContext["check"]>[0]) => {
          const requirement = findRequirement(input.requirement);
          if (requirement && requirementVersions(requirement).includes(2) && !ownV2.has(input.requirement))
            target.check(input);
        };
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Records the generic checks on one v2 run. `answeredV1`: the agent answered protocolVersion 1,
 * so what follows initialize is v1's to be (scenarios/client/v2/negotiation.ts judges it).
 */
export function recordGenericClientV2Checks(
  context: ScenarioContext,
  asRead: ClientRun,
  options: { answeredV1?: boolean } = {},
): void {
  const received = asRead.events.filter((event) => event.kind === "received").length;
  if (received === 0) return;
  if (!options.answeredV1) recordLifecycleBatchingCheck(context, asRead);
  // v2 allows batches, so v1's checks read each entry as a message; a v1 connection has none.
  const run = options.answeredV1 ? asRead : flattenBatches(asRead);
  recordGenericClientChecks(v2Only(context), run);
  const calls = clientCalls(readTimeline(run));
  const initialize = asObject(calls.find((call) => call.method === "initialize")?.params);
  if (initialize) recordInitializeChecks(context, initialize);
  if (options.answeredV1) return;
  for (const check of extensionChecks(readTimeline(run), 2)) context.check(check);
  recordCapabilityGatingV2Checks(context, run);
  recordMcpServerV2Checks(context, run);
  recordOnePromptAtATime(context, run);
  const schema = frameProblems(run, AcpSchema.load(2)).schema;
  context.check(
    schema.length > 0
      ? {
          requirement: "client.v2.schema.valid-payloads",
          verdict: "fail",
          message: schema[0]!,
          evidence: { details: schema.slice(0, 10) },
        }
      : {
          requirement: "client.v2.schema.valid-payloads",
          verdict: "pass",
          message: `${received} frames from the client, every ACP payload valid against the v2 schema`,
        },
  );
  const removed = calls.filter((call) => REMOVED_METHODS.includes(call.method));
  context.check({
    requirement: "client.v2.initialization.only-v2-methods",
    verdict: removed.length > 0 ? "fail" : "pass",
    message:
      removed.length > 0
        ? `on a v2 connection the client sent ${removed[0]!.method}, which v2 removed`
        : `${calls.length} message(s) from the client, none of a method v2 removed`,
  });
  // The kit's v2 agent advertises no authMethods unless its script does (login-when-required.ts's does: not judged there).
  const answer = readTimeline(run).entries.find(
    (entry) =>
      entry.from === "agent" && entry.answers?.method === "initialize" && entry.message.kind === "response",
  );
  const result = answer?.message.kind === "response" ? asObject(answer.message.result) : undefined;
  if (Array.isArray(result?.authMethods) && result.authMethods.length > 0) return;
  const login = calls.filter((call) => call.method === "auth/login" || call.method === "auth/logout");
  context.check({
    requirement: "client.v2.initialization.no-auth-without-methods",
    verdict: login.length > 0 ? "fail" : "pass",
    message:
      login.length > 0
        ? `the agent advertised no authMethods, yet the client called ${login[0]!.method}`
        : "the agent advertised no authMethods and the client called neither auth/login nor auth/logout",
  });
}

function recordInitializeChecks(context: ScenarioContext, params: Record<string, unknown>): void {
  const version = params.protocolVersion;
  context.check({
    requirement: "client.v2.initialization.latest-version",
    verdict: typeof version === "number" && version >= 2 ? "pass" : "fail",
    message: `initialize asked for protocolVersion ${JSON.stringify(version)}${typeof version === "number" && version >= 2 ? "" : ": a v2 client's latest version is at least 2"}`,
  });
  const capabilities = asObject(params.capabilities);
  const removed = ["fs", "terminal"].filter(
    (key) => capabilities?.[key] !== undefined && capabilities[key] !== null,
  );
  context.check({
    requirement: "client.v2.capabilities.no-removed-capabilities",
    verdict: removed.length > 0 ? "fail" : "pass",
    message:
      removed.length > 0
        ? `initialize's capabilities advertise ${removed.join(" and ")}, which v2 removed`
        : `initialize's capabilities (${JSON.stringify(params.capabilities ?? null).slice(0, 120)}) advertise neither fs nor terminal`,
  });
}
