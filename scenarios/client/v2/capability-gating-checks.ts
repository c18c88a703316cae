/**
 * Capability gating over every v2 run of the client: what it sends is held to what the kit's
 * agent advertised in its initialize answer (`capabilities.session`, initialization.mdx#capabilities:
 * a marker counts only when present and non-null). The kit's v2 agent advertises only
 * session.mcp by default, so every run judges session/delete, extra roots and prompt content;
 * the withheld-capabilities scenario (withheld-capabilities.ts) nulls session.mcp too. Gating is
 * a "never": a run passes it only once the client has prompted, and a run answered 1 is v1's.
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { ScenarioContext } from "../../../kit/scenario.js";
import type { ClientRun } from "../driver.js";
import { asObject, clientCalls, readTimeline } from "../wire-timeline.js";

export const CAPABILITY_GATING_V2_REQUIREMENTS = [
  "client.v2.capabilities.no-unadvertised-delete",
  "client.v2.capabilities.no-unadvertised-additional-directories",
  "client.v2.capabilities.no-unadvertised-mcp",
  "client.v2.capabilities.no-unadvertised-prompt-content",
] as const satisfies readonly RequirementId[];

type GatingRequirement = (typeof CAPABILITY_GATING_V2_REQUIREMENTS)[number];

const present = (value: unknown) => value !== undefined && value !== null;

/** The prompt block types a marker under capabilities.session.prompt unlocks (text and resource_link are baseline). */
const PROMPT_MARKERS: Record<string, string> = {
  image: "image",
  audio: "audio",
  resource: "embeddedContext",
};

/** The agent's `capabilities.session` as its initialize answer gave it ({} when it gave none). */
function advertisedSession(run: ClientRun): Record<string, unknown> {
  const answer = readTimeline(run).entries.find(
    (entry) =>
      entry.from === "agent" && entry.answers?.method === "initialize" && entry.message.kind === "response",
  );
  const result = answer?.message.kind === "response" ? asObject(answer.message.result) : undefined;
  return asObject(asObject(result?.capabilities)?.session) ?? {};
}

/** Each gating requirement's first violation in the run, if any. */
function violations(run: ClientRun): Map<GatingRequirement, string> {
  const session = advertisedSession(run);
  const mcp = asObject(session.mcp) ?? {};
  const prompt = asObject(session.prompt) ?? {};
  const found = new Map<GatingRequirement, string>();
  const note = (requirement: GatingRequirement, what: string) => {
    if (!found.has(requirement)) found.set(requirement, what);
  };
  for (const call of clientCalls(readTimeline(run))) {
    const params = asObject(call.params) ?? {};
    if (call.method === "session/delete" && !present(session.delete))
      note("client.v2.capabilities.no-unadvertised-delete", "the client called session/delete");
    if (call.method === "session/new" || call.method === "session/resume") {
      const roots = params.additionalDirectories;
      if (
        (Array.isArray(roots) ? roots.length > 0 : present(roots)) &&
        !present(session.additionalDirectories)
      )
        note(
          "client.v2.capabilities.no-unadvertised-additional-directories",
          `${call.method} carried additionalDirectories ${JSON.stringify(roots).slice(0, 120)}`,
        );
      for (const server of Array.isArray(params.mcpServers) ? params.mcpServers : []) {
        const shape = asObject(server) ?? {};
        // An untyped server with a command is v1's stdio shape: gated as stdio all the same.
        const type = shape.type ?? ("command" in shape ? "stdio" : undefined);
        if ((type === "stdio" || type === "http") && !present(mcp[type]))
          note(
            "client.v2.capabilities.no-unadvertised-mcp",
            `${call.method} listed the ${type} MCP server ${JSON.stringify(shape.name ?? null)}`,
          );
      }
    }
    if (call.method === "session/prompt")
      for (const block of Array.isArray(params.prompt) ? params.prompt : []) {
        const type = asObject(block)?.type;
        const marker = typeof type === "string" ? PROMPT_MARKERS[type] : undefined;
        if (marker && !present(prompt[marker]))
          note(
            "client.v2.capabilities.no-unadvertised-prompt-content",
            `session/prompt carried a ${type} block, though session.prompt.${marker} was not advertised`,
          );
      }
  }
  return found;
}

export function recordCapabilityGatingV2Checks(context: ScenarioContext, run: ClientRun): void {
  const found = violations(run);
  const session = JSON.stringify(advertisedSession(run)).slice(0, 200);
  const prompted = clientCalls(readTimeline(run)).some((call) => call.method === "session/prompt");
  for (const requirement of CAPABILITY_GATING_V2_REQUIREMENTS) {
    const violation = found.get(requirement);
    if (violation)
      context.check({
        requirement,
        verdict: "fail",
        message: `${violation}, which the agent did not advertise (its capabilities.session: ${session})`,
      });
    else if (prompted)
      context.check({
        requirement,
        verdict: "pass",
        message: `through its prompt, the client used nothing the agent's capabilities.session (${session}) did not advertise`,
      });
  }
}
