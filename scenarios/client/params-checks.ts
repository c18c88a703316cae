/**
 * Checks over every run of the client of the VERSION and PARAMS of what it sends, beyond what
 * the schema's validation (client.schema.valid-payloads) sees: protocolVersion of at least 1,
 * clientInfo and clientCapabilities given, no method of a later ACP version once 1 is agreed,
 * absolute paths, MCP servers' shape, no custom root fields (an initialize asking for 2 may carry
 * v2's fields beside v1's), custom methods _-prefixed, and trace context of the W3C shape.
 */
import { createRequire } from "node:module";
import { isAbsolute, win32 } from "node:path";
import { readFileSync } from "node:fs";
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { AcpSchema, formatIssues, type SchemaDocument } from "../../kit/wire/schema.js";
import type { ClientRun } from "./driver.js";
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

/** Methods of the later ACP schema the SDK ships (v2) that v1 does not have: ACP's, but not the agreed version's. */
let laterMethods: Set<string> | undefined;
function methodsOfLaterVersions(): Set<string> {
  if (laterMethods) return laterMethods;
  const path = createRequire(import.meta.url).resolve("@agentclientprotocol/sdk/schema/v2/schema.json");
  const v2 = JSON.parse(readFileSync(path, "utf8")) as SchemaDocument;
  const v1 = AcpSchema.load().methods;
  laterMethods = new Set(
    Object.values(v2.$defs)
      .map((def) => def["x-method"])
      .filter((method): method is string => typeof method === "string" && !v1.has(method)),
  );
  return laterMethods;
}

/** The root fields of v2's initialize request: not custom in a request that asks for version 2. */
function laterInitializeFields(): Set<string> {
  const v2 = AcpSchema.load(2).document;
  return rootProperties(v2, v2.$defs.InitializeRequest!);
}

/** The properties a definition lists at its root, through $ref, allOf, anyOf and oneOf. */
function rootProperties(
  document: SchemaDocument,
  def: Record<string, unknown>,
  seen = new Set<unknown>(),
): Set<string> {
  const names = new Set<string>();
  if (seen.has(def)) return names;
  seen.add(def);
  for (const name of Object.keys(asObject(def.properties) ?? {})) names.add(name);
  const ref = typeof def.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(def.$ref)?.[1] : undefined;
  const branches = [
    ...(ref && document.$defs[ref] ? [document.$defs[ref]] : []),
    ...[def.allOf, def.anyOf, def.oneOf].flatMap((list) => (Array.isArray(list) ? list : [])),
  ];
  for (const branch of branches)
    for (const name of rootProperties(document, branch as Record<string, unknown>, seen)) names.add(name);
  return names;
}

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

const TRACEPARENT = /^(?!ff)[0-9a-f]{2}-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;
const TRACESTATE_MEMBER =
  /^[a-z0-9][a-z0-9_\-*/@]{0,255}=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

/** What is wrong with one trace-context key's value, or undefined when it has the W3C shape. */
function traceProblem(key: string, value: unknown): string | undefined {
  if (typeof value !== "string") return `${key} is ${JSON.stringify(value)}, not a string`;
  if (key === "traceparent" && !TRACEPARENT.test(value))
    return `traceparent ${JSON.stringify(value)} is not version-traceid-spanid-flags in lowercase hex`;
  if (key === "tracestate") {
    const members = value
      .split(",")
      .map((member) => member.trim())
      .filter(Boolean);
    if (members.length > 32 || members.some((member) => !TRACESTATE_MEMBER.test(member)))
      return `tracestate ${JSON.stringify(value)} is not a list of up to 32 key=value members`;
  }
  if (key === "baggage" && value.split(",").some((member) => !/^\s*[^\s=,;]+\s*=/.test(member)))
    return `baggage ${JSON.stringify(value)} is not a list of key=value members`;
  return undefined;
}

function extensionChecks(timeline: WireTimeline): Check[] {
  const schema = AcpSchema.load();
  const rootFields: string[] = [];
  const unprefixed: string[] = [];
  const traceProblems: string[] = [];
  let traceKeys = 0;
  let judged = 0;
  const judgeRoot = (what: string, defName: string | undefined, payload: unknown, laterFields = false) => {
    const object = asObject(payload);
    if (!defName || !object) return;
    judged += 1;
    const allowed = rootProperties(schema.document, schema.document.$defs[defName]!);
    if (laterFields) for (const name of laterInitializeFields()) allowed.add(name);
    const extra = Object.keys(object).filter((key) => !allowed.has(key));
    if (extra.length > 0)
      rootFields.push(
        `${what} has ${extra.map((key) => JSON.stringify(key)).join(", ")} at its root, which ${defName} does not define (custom data goes in _meta)`,
      );
    const meta = asObject(object._meta);
    for (const key of ["traceparent", "tracestate", "baggage"].filter((key) => meta && key in meta)) {
      traceKeys += 1;
      const problem = traceProblem(key, meta![key]);
      if (problem) traceProblems.push(`${what}: ${problem}`);
    }
  };
  const agentRequests = new Map<string, string>();
  for (const entry of timeline.entries) {
    const message = entry.message;
    if (entry.from === "agent") {
      if (message.kind === "request") agentRequests.set(JSON.stringify(message.id), message.method);
      continue;
    }
    if (message.kind === "request" || message.kind === "notification") {
      const known = schema.methods.has(message.method) || methodsOfLaterVersions().has(message.method);
      if (!known && !message.method.startsWith("_"))
        unprefixed.push(
          `the client sent ${message.method}, which is no ACP method and does not start with an underscore`,
        );
      // An initialize asking for a later version may carry that version's fields too (v2's info and capabilities).
      const later = message.method === "initialize" && Number(asObject(message.params)?.protocolVersion) >= 2;
      judgeRoot(
        `${message.method} params`,
        schema.methods.get(message.method)?.paramsDef,
        message.params,
        later,
      );
    } else if (message.kind === "response" && message.hasResult && !message.hasError) {
      const method = agentRequests.get(JSON.stringify(message.id));
      judgeRoot(
        `the result to ${method}`,
        method ? schema.methods.get(method)?.resultDef : undefined,
        message.result,
      );
    }
  }
  const checks: Check[] = [];
  const calls = clientCalls(timeline).length;
  if (judged > 0)
    checks.push({
      requirement: "client.extensibility.no-custom-root-fields",
      verdict: rootFields.length > 0 ? "fail" : "pass",
      message:
        rootFields[0] ??
        `${judged} ACP payload(s) from the client, none with a root field its schema does not define`,
    });
  if (calls > 0)
    checks.push({
      requirement: "client.extensibility.custom-methods-prefixed",
      verdict: unprefixed.length > 0 ? "fail" : "pass",
      message: unprefixed[0] ?? `${calls} message(s) from the client, each an ACP method or _-prefixed`,
    });
  if (traceKeys > 0)
    checks.push({
      requirement: "client.extensibility.trace-context-shape",
      verdict: traceProblems.length > 0 ? "fail" : "pass",
      message:
        traceProblems[0] ?? `${traceKeys} trace-context key(s) in the client's _meta, each of the W3C shape`,
    });
  else if (calls > 0)
    checks.push({
      requirement: "client.extensibility.trace-context-shape",
      verdict: "not-tested",
      message: "the client sent no traceparent, tracestate or baggage in _meta",
      unlock: "a client that propagates W3C trace context (in session/prompt's _meta, for example)",
    });
  return checks;
}

/** Records the version and params checks on one run of the client (called by recordGenericClientChecks). */
export function recordParamsChecks(context: ScenarioContext, run: ClientRun): void {
  const timeline = readTimeline(run);
  for (const check of [...initializeChecks(timeline), ...pathChecks(timeline), ...extensionChecks(timeline)])
    context.check(check);
}
