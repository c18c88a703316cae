/**
 * The questions the reference agents (v1 ../elicitation.ts, v2 ./v2/elicitation.ts) put to the
 * user through elicitation/create, and how they read the answers. Both versions ask the same
 * way; only the connection that carries the request differs, so each passes its own `ask`.
 */
import { randomUUID } from "node:crypto";

/** The choices the form offers; the first is the fallback when the client cannot be asked. */
export const STRATEGIES = ["balanced", "conservative", "aggressive"] as const;

export type Choice = { strategy: string } | { refused: string };

/** What an elicitation/create answer carries, in both versions' schemas. */
interface ElicitationAnswer {
  action: string;
  content?: Record<string, unknown> | null;
}

/** The modes a client advertised: a mode counts only with a non-null field ({} and {form: null} advertise nothing). */
export function advertisedModes(elicitation: { form?: unknown; url?: unknown } | null | undefined) {
  return {
    form: elicitation?.form !== undefined && elicitation?.form !== null,
    url: elicitation?.url !== undefined && elicitation?.url !== null,
  };
}

export function formQuestion(sessionId: string, toolCallId: string, attempt: number) {
  return {
    sessionId,
    toolCallId,
    mode: "form" as const,
    message:
      attempt === 1
        ? "Which strategy should I use?"
        : "That answer was not one of the choices. Which strategy should I use?",
    requestedSchema: {
      type: "object" as const,
      properties: { strategy: { type: "string" as const, enum: [...STRATEGIES] } },
      required: ["strategy"],
    },
  };
}

/** Asks by form, twice at most: the client SHOULD validate, and the agent SHOULD validate again (elicitation.mdx#form-mode). */
export async function askByForm(
  ask: (params: ReturnType<typeof formQuestion>) => Promise<ElicitationAnswer>,
  sessionId: string,
  toolCallId: string,
): Promise<Choice> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    const answer = await ask(formQuestion(sessionId, toolCallId, attempt));
    if (answer.action !== "accept") return { refused: `the user chose ${answer.action}` };
    const strategy = answer.content?.strategy;
    if (typeof strategy === "string" && (STRATEGIES as readonly string[]).includes(strategy))
      return { strategy };
  }
  return { refused: "the answers did not fit the form" };
}

export function urlQuestion(sessionId: string, toolCallId: string) {
  // Unique among this connection's outstanding url elicitations (elicitation.mdx#url-completion).
  const elicitationId = `acp-conformance-${randomUUID()}`;
  return {
    sessionId,
    toolCallId,
    mode: "url" as const,
    elicitationId,
    url: `https://reference-agent.invalid/choose-strategy?elicitation=${elicitationId}`,
    message: "Choose a strategy on the page this opens.",
  };
}

/** Asks by url; once the user consents, `complete` sends elicitation/complete for the question. */
export async function askByUrl(
  ask: (params: ReturnType<typeof urlQuestion>) => Promise<ElicitationAnswer>,
  complete: (elicitationId: string) => Promise<void>,
  sessionId: string,
  toolCallId: string,
): Promise<Choice> {
  const question = urlQuestion(sessionId, toolCallId);
  const answer = await ask(question);
  if (answer.action !== "accept") return { refused: `the user chose ${answer.action}` };
  // The reference has no web page: the interaction is over as soon as the user consented.
  await complete(question.elicitationId);
  return { strategy: STRATEGIES[0] };
}
