/**
 * The scripted "user" behind the reference client's elicitation (docs/protocol/v1/elicitation.mdx),
 * plain data in, plain data out, so the fixture clients' base answers the same way without the
 * SDK. A form is accepted with values that fit its requested schema (the client SHOULD validate
 * what it submits, elicitation.mdx#form-mode: these are built to fit, types, enums, lengths and
 * bounds); a url request is declined (the user does not open pages the kit names); a mode the
 * client did not advertise is refused, which the caller answers with -32602 (#url-completion).
 */

/** What the reference client advertises: both modes, each by a non-null field ({} is the offer). */
export const ELICITATION_MODES = { form: {}, url: {} };

type Schema = Record<string, unknown>;
type Answer = { action: "accept"; content: Record<string, unknown> } | { action: "decline" };

const num = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);

/** The first choice of an enum, given as `enum` or as `oneOf`/`anyOf` of `{const}`. */
function firstChoice(schema: Schema): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const options = (schema.oneOf ?? schema.anyOf) as Array<{ const?: unknown }> | undefined;
  return Array.isArray(options) ? options[0]?.const : undefined;
}

/** A value the user would type into one field so that it fits the field's schema. */
export function fittingValue(schema: Schema): unknown {
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  const choice = firstChoice(schema);
  if (choice !== undefined) return choice;
  switch (schema.type) {
    case "number":
    case "integer": {
      const low = num(schema.minimum) ?? 1;
      const value = schema.type === "integer" ? Math.ceil(low) : low;
      const high = num(schema.maximum);
      return high !== undefined && value > high ? high : value;
    }
    case "boolean":
      return true;
    case "array": {
      const first = firstChoice((schema.items ?? {}) as Schema);
      const count = Math.max(num(schema.minItems) ?? 0, first === undefined ? 0 : 1);
      return first === undefined || count === 0 ? [] : [first];
    }
    default: {
      if (schema.format === "email") return "user@example.com";
      if (schema.format === "uri") return "https://example.com/";
      if (schema.format === "date") return "2026-01-01";
      if (schema.format === "date-time") return "2026-01-01T00:00:00Z";
      const min = num(schema.minLength) ?? 0;
      const max = num(schema.maxLength);
      const text = "acp-conformance".padEnd(min, "x");
      return max !== undefined ? text.slice(0, max) : text;
    }
  }
}

/** Whether `mode` is advertised by `modes` (a non-null field). */
export function modeAdvertised(modes: Record<string, unknown> | undefined, mode: unknown): boolean {
  return typeof mode === "string" && modes?.[mode] !== undefined && modes?.[mode] !== null;
}

/** The user's answer to elicitation/create, or why the request is refused (answered -32602). */
export function answerAsUser(
  params: Record<string, unknown>,
  modes: Record<string, unknown> | undefined,
): Answer | { refused: string } {
  if (!modeAdvertised(modes, params.mode))
    return { refused: `elicitation mode ${JSON.stringify(params.mode)} was not advertised` };
  if (params.mode !== "form") return { action: "decline" };
  const properties = ((params.requestedSchema as Schema | undefined)?.properties ?? {}) as Record<
    string,
    Schema
  >;
  const content: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties))
    if (typeof schema === "object" && schema !== null) content[name] = fittingValue(schema);
  return { action: "accept", content };
}
