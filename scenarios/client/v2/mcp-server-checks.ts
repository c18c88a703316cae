/**
 * The MCP servers a v2 client lists, over every v2 run: each has a type, and a type v2 defines
 * (stdio with an absolute command, http) or a custom one beginning with `_`
 * (session-setup.mdx#transport-types). The v2 schema takes any other string as a future
 * transport, so it lets v1's sse through; this check does not. Which transports the agent
 * advertised is capability-gating-checks.ts's.
 */
import { isAbsolute, win32 } from "node:path";
import type { ScenarioContext } from "../../../kit/scenario.js";
import type { ClientRun } from "../driver.js";
import { asObject, clientCalls, readTimeline } from "../wire-timeline.js";

/** What is wrong with one listed server, or undefined when it has a v2 shape. */
function serverProblem(server: unknown): string | undefined {
  const shape = asObject(server);
  if (!shape) return `${JSON.stringify(server)} is not an object`;
  const { type, command } = shape;
  if (typeof type !== "string")
    return `${JSON.stringify(shape.name ?? null)} has no type (v1's untyped stdio shape)`;
  if (type === "stdio")
    return typeof command === "string" && (isAbsolute(command) || win32.isAbsolute(command))
      ? undefined
      : `stdio server ${JSON.stringify(shape.name ?? null)} has the command ${JSON.stringify(command)}, not an absolute path`;
  if (type === "http" || type.startsWith("_")) return undefined;
  return `server ${JSON.stringify(shape.name ?? null)} has type ${JSON.stringify(type)}, which v2 does not define and which is no _-prefixed custom type`;
}

export function recordMcpServerV2Checks(context: ScenarioContext, run: ClientRun): void {
  let listed = 0;
  const problems: string[] = [];
  for (const call of clientCalls(readTimeline(run))) {
    if (call.method !== "session/new" && call.method !== "session/resume") continue;
    const servers = asObject(call.params)?.mcpServers;
    for (const server of Array.isArray(servers) ? servers : []) {
      listed += 1;
      const problem = serverProblem(server);
      if (problem) problems.push(`${call.method}: ${problem}`);
    }
  }
  if (listed === 0) return; // nothing listed, nothing to judge: the requirement stays untested unless some run lists one
  context.check(
    problems.length > 0
      ? { requirement: "client.v2.schema.mcp-server-shape", verdict: "fail", message: problems[0]! }
      : {
          requirement: "client.v2.schema.mcp-server-shape",
          verdict: "pass",
          message: `${listed} MCP server(s) listed, each of type stdio (with an absolute command), http or _-prefixed`,
        },
  );
}
