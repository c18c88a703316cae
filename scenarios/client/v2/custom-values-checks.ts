/**
 * extensibility (v2): the values the client itself sends in v2's open enums and tagged unions,
 * read off the wire of a run (extensibility.mdx#enum-and-tagged-union-variants: extensions MUST
 * NOT define custom non-underscore values; content.mdx#content-types: custom content block types
 * MUST begin with `_`). A value v2 defines, or one beginning with `_`, is allowed; any other is a
 * value the client made up without the prefix. The fields read: the prompt's content block types,
 * the MCP servers' types in session/new, the permission outcomes and the elicitation actions it
 * answers with.
 */
import type { ScenarioContext } from "../../../kit/scenario.js";
import { clientMessages, describeExit, type ClientRun } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";

const DEFINED: Record<string, readonly string[]> = {
  "a prompt content block type": ["text", "image", "audio", "resource_link", "resource"],
  "an MCP server type": ["stdio", "http"],
  "a permission outcome": ["selected", "cancelled"],
  "an elicitation action": ["accept", "decline", "cancel"],
};

type Message = Record<string, unknown>;
const asObject = (value: unknown): Message | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Message) : undefined;
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Each open-enum value the client sent, with which field it was. */
function sentValues(run: ClientRun): Array<{ field: string; value: unknown }> {
  const values: Array<{ field: string; value: unknown }> = [];
  for (const message of clientMessages(run)) {
    const params = asObject(message.params);
    const result = asObject(message.result);
    if (message.method === "session/prompt")
      for (const block of asArray(params?.prompt))
        values.push({ field: "a prompt content block type", value: asObject(block)?.type });
    if (message.method === "session/new")
      for (const server of asArray(params?.mcpServers)) {
        const type = asObject(server)?.type;
        // v1's sse, which v2 removed, is client.v2.schema.mcp-server-shape's finding, not a made-up value.
        if (type !== "sse") values.push({ field: "an MCP server type", value: type });
      }
    const outcome = asObject(result?.outcome)?.outcome;
    if (outcome !== undefined) values.push({ field: "a permission outcome", value: outcome });
    if (result && "action" in result) values.push({ field: "an elicitation action", value: result.action });
  }
  return values;
}

export function judgeCustomValues(context: ScenarioContext, run: ClientRun): void {
  const requirement = "client.v2.extensibility.custom-values-prefixed";
  const values = sentValues(run).filter((entry) => typeof entry.value === "string");
  const undefinedValues = values.filter(
    ({ field, value }) => !DEFINED[field]!.includes(value as string) && !(value as string).startsWith("_"),
  );
  if (values.length === 0)
    checkNotExercised(
      context,
      requirement,
      `the client sent no prompt, MCP server or answer with such a value (${describeExit(run)})`,
    );
  else if (undefinedValues.length > 0)
    context.check({
      requirement,
      verdict: "fail",
      message: `the client sent ${undefinedValues[0]!.field} ${JSON.stringify(undefinedValues[0]!.value)}, which v2 does not define and which does not begin with _ (a custom value must)`,
      evidence: { details: undefinedValues.map(({ field, value }) => `${field}: ${JSON.stringify(value)}`) },
    });
  else
    context.check({
      requirement,
      verdict: "pass",
      message: `${values.length} value(s) of v2's open enums from the client (${[...new Set(values.map(({ value }) => JSON.stringify(value)))].join(", ")}), each one v2 defines or _-prefixed`,
    });
}
