/**
 * The extensibility checks over every run of the client (extensibility.mdx): no custom root
 * fields in what it sends (custom data goes in _meta), custom methods _-prefixed, and trace
 * context of the W3C shape. A v1 run judges against the v1 schema (params-checks.ts), a v2 run
 * against the v2 schema (v2/generic-checks-v2.ts).
 */
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { ScenarioContext } from "../../kit/scenario.js";
import { AcpSchema, type SchemaDocument } from "../../kit/wire/schema.js";
import { asObject, clientCalls, type WireTimeline } from "./wire-timeline.js";

type Check = Parameters<ScenarioContext["check"]>[0];

/** Methods of the later ACP schema the SDK ships (v2) that v1 does not have: ACP's, but not the agreed version's. */
let laterMethods: Set<string> | undefined;
export function methodsOfLaterVersions(): Set<string> {
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

/** The root fields of one version's initialize request: not custom in an initialize that offers both versions. */
function initializeFields(version: 1 | 2): Set<string> {
  const document = AcpSchema.load(version).document;
  return rootProperties(document, document.$defs.InitializeRequest!);
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

/** The extensibility checks of one run, against the schema of the version it speaks (`version`). */
export function extensionChecks(timeline: WireTimeline, version: 1 | 2 = 1): Check[] {
  const schema = AcpSchema.load(version);
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
    if (laterFields) for (const name of initializeFields(version === 1 ? 2 : 1)) allowed.add(name);
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
      // A method of either version is ACP's (one v2 removed is client.v2.initialization.only-v2-methods' to judge).
      const known =
        AcpSchema.load().methods.has(message.method) || methodsOfLaterVersions().has(message.method);
      if (!known && !message.method.startsWith("_"))
        unprefixed.push(
          `the client sent ${message.method}, which is no ACP method and does not start with an underscore`,
        );
      // An initialize asking for a later version may carry that version's fields too (v2's info and
      // capabilities); on a v2 run, v1's beside v2's, for an agent that answers 1.
      const later =
        message.method === "initialize" &&
        (version === 2 || Number(asObject(message.params)?.protocolVersion) >= 2);
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
