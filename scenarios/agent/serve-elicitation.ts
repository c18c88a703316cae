/**
 * The kit's elicitation (docs/protocol/v1/elicitation.mdx): it answers elicitation/create in the
 * modes a scenario advertised, as the scenario's plan says (accept with content that fits the
 * requested schema, accept with content that breaks it, decline, cancel, a JSON-RPC error, or
 * hold the request until the scenario releases it or the agent cancels it with
 * $/cancel_request), and keeps each request with the answer it got for the checks. A request in
 * a mode the scenario did not advertise is answered -32602 (elicitation.mdx#url-completion) and
 * never reaches the plan.
 */
import type { IncomingMessage, ReplyToTarget } from "../../kit/wire/connection.js";

export type ElicitationAnswer = "accept" | "accept-invalid" | "decline" | "cancel" | "error" | "hold";

export interface ElicitationExchange {
  request: IncomingMessage;
  mode: unknown;
  answer: ElicitationAnswer;
  /** What the kit finally replied (for a held request: once released or cancelled). */
  reply?: ReplyToTarget;
}

/** Which modes a clientCapabilities.elicitation object advertises: only a non-null form or url. */
export function advertisedModes(elicitation: Record<string, unknown> | undefined): string[] {
  if (!elicitation) return [];
  return ["form", "url"].filter((mode) => elicitation[mode] !== undefined && elicitation[mode] !== null);
}

const REQUEST_CANCELLED = -32800;

type PropertySchema = {
  type?: unknown;
  enum?: unknown;
  oneOf?: Array<{ const?: unknown }>;
  default?: unknown;
  minimum?: unknown;
  format?: unknown;
  items?: { enum?: unknown; anyOf?: Array<{ const?: unknown }> };
};

/** A value that fits one property of a form's requested schema. */
function fittingValue(schema: PropertySchema): unknown {
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.oneOf) && schema.oneOf[0]?.const !== undefined) return schema.oneOf[0].const;
  switch (schema.type) {
    case "number":
    case "integer":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "array": {
      const choices = Array.isArray(schema.items?.enum) ? schema.items.enum : [];
      const first = choices[0] ?? schema.items?.anyOf?.[0]?.const;
      return first === undefined ? [] : [first];
    }
    default:
      if (schema.format === "email") return "user@example.com";
      if (schema.format === "date") return "2026-01-01";
      if (schema.format === "date-time") return "2026-01-01T00:00:00Z";
      if (schema.format === "uri") return "https://example.com/";
      return "acp-conformance";
  }
}

/** A value of the wrong type for one property: a string where anything else is asked, a number for a string. */
function breakingValue(schema: PropertySchema): unknown {
  return schema.type === "string" ? 12345 : "acp-conformance: not a valid value";
}

function propertiesOf(params: Record<string, unknown>): Array<[string, PropertySchema]> {
  const properties = (params.requestedSchema as { properties?: unknown } | undefined)?.properties;
  if (typeof properties !== "object" || properties === null) return [];
  return Object.entries(properties as Record<string, PropertySchema>).filter(
    ([, schema]) => typeof schema === "object" && schema !== null,
  );
}

/** True when the form asks for at least one property the kit can answer with a value of the wrong type. */
export function canBreakForm(params: Record<string, unknown>): boolean {
  return propertiesOf(params).length > 0;
}

export class KitElicitation {
  /** Every elicitation/create in an advertised mode, in arrival order, with the kit's answer. */
  readonly exchanges: ElicitationExchange[] = [];
  /** Answers for the coming requests, in order; when it runs out, `otherwise` answers. */
  readonly plan: ElicitationAnswer[] = [];
  otherwise: ElicitationAnswer = "accept";
  readonly #held = new Map<string, (reply: ReplyToTarget) => void>();

  answer(
    request: IncomingMessage & { message: { kind: "request" } },
  ): ReplyToTarget | Promise<ReplyToTarget> {
    const params = (request.message.params ?? {}) as Record<string, unknown>;
    const answer = this.plan.shift() ?? this.otherwise;
    const exchange: ElicitationExchange = { request, mode: params.mode, answer };
    this.exchanges.push(exchange);
    if (answer === "hold")
      return new Promise<ReplyToTarget>((resolve) =>
        this.#held.set(JSON.stringify(request.message.id), (reply) => {
          exchange.reply = reply;
          resolve(reply);
        }),
      );
    exchange.reply = this.#reply(answer, params);
    return exchange.reply;
  }

  /** Requests the kit is holding, by their JSON-RPC id (as JSON). */
  get heldIds(): string[] {
    return [...this.#held.keys()];
  }

  /** Answers a held request (`requestId` as the agent sent it); false when none is held under that id. */
  release(requestId: unknown, reply: ReplyToTarget): boolean {
    const key = JSON.stringify(requestId);
    const resolve = this.#held.get(key);
    if (!resolve) return false;
    this.#held.delete(key);
    resolve(reply);
    return true;
  }

  /** The client's answer to a request the agent cancelled with $/cancel_request (cancellation.mdx). */
  releaseCancelled(requestId: unknown): boolean {
    return this.release(requestId, {
      error: { code: REQUEST_CANCELLED, message: "Request cancelled (the agent sent $/cancel_request)" },
    });
  }

  /** Answers every request still held with action cancel, so no agent waits past the scenario. */
  releaseAll(): void {
    for (const key of this.heldIds) this.release(JSON.parse(key), { result: { action: "cancel" } });
  }

  #reply(answer: Exclude<ElicitationAnswer, "hold">, params: Record<string, unknown>): ReplyToTarget {
    switch (answer) {
      case "decline":
      case "cancel":
        return { result: { action: answer } };
      case "error":
        return {
          error: { code: -32603, message: "Internal error: the kit failed this elicitation on purpose" },
        };
      case "accept-invalid":
        return {
          result: {
            action: "accept",
            content: Object.fromEntries(
              propertiesOf(params).map(([name, schema]) => [name, breakingValue(schema)]),
            ),
          },
        };
      default:
        // A url elicitation is accepted without content: the interaction happens out of band.
        return params.mode === "url"
          ? { result: { action: "accept" } }
          : {
              result: {
                action: "accept",
                content: Object.fromEntries(
                  propertiesOf(params).map(([name, schema]) => [name, fittingValue(schema)]),
                ),
              },
            };
    }
  }
}
