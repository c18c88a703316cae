/**
 * What a client's answer to elicitation/create must be: one of the schema's actions
 * (CreateElicitationResponse: accept with content of primitive values, decline, cancel, or a
 * `_`-prefixed custom one; other values are reserved for future ACP versions, so a client must
 * not invent them), and for an accepted form, values that fit the flat schema the form asked
 * with (elicitation.mdx#form-mode: types, enums, lengths, bounds, required fields).
 */
import type { ScenarioContext } from "../../kit/scenario.js";
import { checkNotExercised } from "./shared-checks.js";
import { describeAnswer, type Message } from "./wire-frames.js";

/** One elicitation request of the scenario and the client's first answer to it. */
export interface Seen {
  asked: string;
  /** The request's message, which names it in the report. */
  label: string;
  mode: string;
  answer: Message | undefined;
}

type FormSchema = { properties: Record<string, PropertySchema>; required?: string[] };

const primitive = (value: unknown) =>
  typeof value === "string" ||
  typeof value === "number" ||
  typeof value === "boolean" ||
  (Array.isArray(value) && value.every((item) => typeof item === "string"));

/** Why a result is no valid elicitation answer, or undefined when it is one. */
export function validAction(result: unknown): string | undefined {
  if (typeof result !== "object" || result === null) return "the result is not an object";
  const { action, content } = result as Message;
  if (typeof action !== "string") return "it has no action";
  if (!["accept", "decline", "cancel"].includes(action) && !action.startsWith("_"))
    return `action ${JSON.stringify(action)} is none of accept, decline, cancel (and not a _-prefixed custom one)`;
  if (action !== "accept" || content === undefined || content === null) return undefined;
  if (typeof content !== "object" || Array.isArray(content)) return "its content is not an object";
  const odd = Object.entries(content as Message).filter(([, value]) => !primitive(value));
  return odd.length > 0
    ? `content ${odd.map(([key]) => key).join(", ")} is not a primitive value`
    : undefined;
}

type PropertySchema = {
  type?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

/** How one value misses its property's schema, or undefined when it fits. */
function propertyProblem(schema: PropertySchema, value: unknown): string | undefined {
  const shown = JSON.stringify(value);
  switch (schema.type) {
    case "string":
      if (typeof value !== "string") return `${shown} is not a string`;
      if (schema.minLength !== undefined && value.length < schema.minLength)
        return `${shown} is shorter than ${schema.minLength}`;
      if (schema.maxLength !== undefined && value.length > schema.maxLength)
        return `${shown} is longer than ${schema.maxLength}`;
      break;
    case "integer":
    case "number":
      if (typeof value !== "number" || (schema.type === "integer" && !Number.isInteger(value)))
        return `${shown} is not ${schema.type === "integer" ? "an integer" : "a number"}`;
      if (schema.minimum !== undefined && value < schema.minimum)
        return `${shown} is below ${schema.minimum}`;
      if (schema.maximum !== undefined && value > schema.maximum)
        return `${shown} is above ${schema.maximum}`;
      break;
    case "boolean":
      if (typeof value !== "boolean") return `${shown} is not a boolean`;
      break;
  }
  if (schema.enum && !schema.enum.includes(value))
    return `${shown} is not one of ${JSON.stringify(schema.enum)}`;
  return undefined;
}

/** Every way `content` misses the form `schema` (empty when it fits). */
export function formProblems(schema: FormSchema, content: Message): string[] {
  const problems: string[] = [];
  for (const name of schema.required ?? [])
    if (!(name in content)) problems.push(`required ${name} is missing`);
  for (const [name, value] of Object.entries(content)) {
    const property = schema.properties[name];
    const problem = property ? propertyProblem(property, value) : `${name} is no field of the form`;
    if (problem) problems.push(`${name}: ${problem}`);
  }
  return problems;
}

/** Judges every result's action, and every accepted form's values against `form`. */
export function recordAnswers(
  context: ScenarioContext,
  seen: Seen[],
  offer: { modes: string[]; text: string },
  form: FormSchema,
): void {
  const actions = "client.capabilities.elicitation-actions-valid";
  const values = "client.capabilities.elicitation-form-values-valid";
  const results = seen.filter((entry) => entry.answer && "result" in entry.answer);
  if (results.length === 0)
    context.check({
      requirement: actions,
      verdict: offer.modes.length === 0 ? "not-applicable" : "not-tested",
      message:
        offer.modes.length === 0
          ? `the client advertised no elicitation mode (${offer.text})`
          : "not exercised: no elicitation request got a result",
    });
  for (const entry of results) {
    const problem = validAction(entry.answer?.result);
    context.check(
      problem
        ? {
            requirement: actions,
            verdict: "fail",
            message: `the ${entry.mode} request (${entry.label}) was answered ${describeAnswer(entry.answer)}: ${problem}`,
          }
        : {
            requirement: actions,
            verdict: "pass",
            message: `the ${entry.mode} request (${entry.label}) was answered ${describeAnswer(entry.answer)}`,
          },
    );
  }
  const accepted = results.filter(
    (entry) => entry.mode === "form" && (entry.answer?.result as Message | undefined)?.action === "accept",
  );
  if (!offer.modes.includes("form"))
    context.check({
      requirement: values,
      verdict: "not-applicable",
      message: `the client did not advertise form mode (${offer.text})`,
    });
  else if (accepted.length === 0)
    checkNotExercised(context, values, "the client accepted no form, so no submitted values were seen");
  for (const entry of accepted) {
    const content = (((entry.answer?.result ?? {}) as Message).content ?? {}) as Message;
    const problems = formProblems(form, content);
    context.check(
      problems.length > 0
        ? {
            requirement: values,
            verdict: "fail",
            message: `the accepted form (${entry.label}) does not fit its schema: ${problems.join("; ")}`,
          }
        : {
            requirement: values,
            verdict: "pass",
            message: `the accepted form (${entry.label}) fits its schema: ${JSON.stringify(content)}`,
          },
    );
  }
}
