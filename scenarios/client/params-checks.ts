/**
 * Checks over every run of the client of the VERSION and PARAMS of what it sends, beyond what
 * the schema's validation (client.schema.valid-payloads) sees: protocolVersion of at least 1,
 * clientInfo and clientCapabilities given, no method of a later ACP version once 1 is agreed,
 * absolute paths, MCP servers' shape, and extension-checks.ts's (no custom root fields, custom
 * methods _-prefixed, trace context of the W3C shape).
 */
import { isAbsolute, win32 } from "node:path";
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { AcpSchema, formatIssues } from "../../kit/wire/schema.js";
import type { ClientRun } from "./driver.js";
import { extensionChecks, methodsOfLaterVersions } from "./extension-checks.js";
import { asObject, clientCalls, readTimeline, type WireTimeline } from "./wire-timeline.js";

export const PARAMS_CHECK_REQUIREMENTS = [
  "client.initialization.latest-version",
  "client.initialization.client-info",
  "client.initialization.client-capabilities",
  "client.initialization.speaks-agreed-version",
  "client.schema.absolute-paths",
  "client.schema.mcp-server-shape",
  "client.extensibility.no-custom-root-fields",
  "client.extensibility.custom-methods-prefixed",
  "client.extensibility.trace-context-shape",
] as const satisfies readonly RequirementId[];

type Check = Parameters<ScenarioContext["check"]>[0];

const absolute = (path: string) => isAbsolute(path) || win32.isAbsolute(path);

function initializeChecks(timeline: WireTimeline): Check[] {
  const initialize = clientCalls(timeline).find((call) => call.method === "initialize");
  const params = asObject(initialize?.params);
  if (!params) return [];
  const checks: Check[] = [];
  const version = params.protocolVersion;
  if (Number.isInteger(version))
    checks.push({
      requirement: "client.initialization.latest-version",
      verdict: (version as number) >= 1 ? "pass" : "fail",
      message: `initialize asked for protocolVersion ${String(version)}${(version as number) >= 1 ? "" : ": no ACP version is below 1"}`,
    });
  // A client asking for 2 or later may name them as v2 does (info, capabilities: migration.mdx#role-agnostic-info-and-capabilities).
  const v2Names = Number.isInteger(version) && (version as number) >= 2;
  const [infoName, capabilitiesName] =
    v2Names && params.clientInfo === undefined
      ? ["info", "capabilities"]
      : ["clientInfo", "clientCapabilities"];
  const info = params[infoName];
  const capabilities = params[capabilitiesName];
  if (info === undefined || info === null)
    checks.push({
      requirement: "client.initialization.client-info",
      verdict: "fail",
      message: `initialize carried no ${infoName}: the agent cannot tell which client it serves`,
    });
  else if (asObject(info))
    checks.push({
      requirement: "client.initialization.client-info",
      verdict: "pass",
      message: `initialize carried ${infoName}`,
    });
  checks.push(
    asObject(capabilities)
      ? {
          requirement: "client.initialization.client-capabilities",
          verdict: "pass",
          message: `initialize carried ${capabilitiesName}`,
        }
      : {
          requirement: "client.initialization.client-capabilities",
          verdict: "fail",
          message: `initialize carried ${capabilities === undefined ? `no ${capabilitiesName}` : `${capabilitiesName} ${JSON.stringify(capabilities)}`}: the agent must guess what the client supports`,
        },
  );
  const agreed = timeline.entries.findIndex(
    (entry) =>
      entry.from === "agent" &&
      entry.answers?.method === "initialize" &&
      entry.message.kind === "response" &&
      asObject(entry.message.result)?.protocolVersion === 1,
  );
  if (agreed === -1) return checks;
  const later = clientCalls(timeline).filter(
    (call) => call.index > agreed && methodsOfLaterVersions().has(call.method),
  );
  checks.push({
    requirement: "client.initialization.speaks-agreed-version",
    verdict: later.length > 0 ? "fail" : "pass",
    message:
      later.length > 0
        ? `after asking for ${String(version)} and being answered 1, the client sent ${later[0]!.method}, a method of a later ACP version`
        : `asked for ${String(version)}, was answered 1, and sent only v1 methods afterwards`,
  });
  return checks;
}

function pathChecks(timeline: WireTimeline): Check[] {
  const checks: Check[] = [];
  const relative: string[] = [];
  const shapes: string[] = [];
  let paths = 0;
  let servers = 0;
  for (const call of clientCalls(timeline)) {
    if (!["session/new", "session/load", "session/resume"].includes(call.method)) continue;
    const params = asObject(call.params);
    // The session's cwd; extra roots and session/list's cwd filter have requirements of their own
    // (client.capabilities.roots-absolute, list-cwd-absolute), so one relative path fails once.
    const given = [params?.cwd];
    for (const path of given.filter((path): path is string => typeof path === "string")) {
      paths += 1;
      if (!absolute(path)) relative.push(`${call.method} carried the relative path ${JSON.stringify(path)}`);
    }
    for (const server of Array.isArray(params?.mcpServers) ? params.mcpServers : []) {
      servers += 1;
      const issues = AcpSchema.load().validateDef("McpServer", server);
      const command = asObject(server)?.command;
      if (issues.length > 0)
        shapes.push(`${call.method} listed an MCP server that is no McpServer: ${formatIssues(issues)}`);
      else if (typeof command === "string" && !absolute(command))
        shapes.push(
          `${call.method} listed a stdio MCP server whose command ${JSON.stringify(command)} is not an absolute path`,
        );
    }
  }
  if (paths > 0)
    checks.push({
      requirement: "client.schema.absolute-paths",
      verdict: relative.length > 0 ? "fail" : "pass",
      message: relative[0] ?? `${paths} path(s) in the client's session messages, each absolute`,
    });
  if (servers > 0)
    checks.push({
      requirement: "client.schema.mcp-server-shape",
      verdict: shapes.length > 0 ? "fail" : "pass",
      message:
        shapes[0] ?? `${servers} MCP server(s) listed, each a valid McpServer with an absolute command`,
    });
  else if (clientCalls(timeline).some((call) => call.method === "session/new"))
    checks.push({
      requirement: "client.schema.mcp-server-shape",
      verdict: "not-applicable",
      message: "the client listed no MCP server: there is no server's shape to judge",
    });
  return checks;
}

/** Records the version and params checks on one run of the client (called by recordGenericClientChecks). */
export function recordParamsChecks(context: ScenarioContext, run: ClientRun): void {
  const timeline = readTimeline(run);
  for (const check of [...initializeChecks(timeline), ...pathChecks(timeline), ...extensionChecks(timeline)])
    context.check(check);
}
