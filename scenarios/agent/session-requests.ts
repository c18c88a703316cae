/**
 * What the session-management scenarios share: which of session/load, list, resume, close and
 * delete the agent advertised, a HOME and working directories of the scenario's own (so a
 * later process of the agent finds what an earlier one stored, and the user's HOME is left
 * alone), sessions with a history, and reading what a replay or a listing said.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import { makeScratchDir, removeScratchDir } from "../../kit/scratch-dirs.js";
import {
  BlockedScenario,
  StopScenario,
  stopIfPreflightBlocked,
  type ScenarioContext,
} from "../../kit/scenario.js";
import type { IncomingMessage } from "../../kit/wire/connection.js";
import { AgentUnderTest, type Turn } from "./driver.js";
import { describeOutcome } from "./evidence.js";
import { updateKind, updateSessionId } from "./session-updates.js";

export interface SessionSupport {
  load: boolean;
  list: boolean;
  resume: boolean;
  close: boolean;
  delete: boolean;
  additionalDirectories: boolean;
}

/** `{}` advertises a session capability; omitted or null does not (schema.json#/$defs/SessionCapabilities). */
export function advertisedSessionSupport(initializeResult: Record<string, unknown>): SessionSupport {
  const capabilities = (initializeResult.agentCapabilities ?? {}) as {
    loadSession?: unknown;
    sessionCapabilities?: Record<string, unknown> | null;
  };
  const session = capabilities.sessionCapabilities ?? {};
  const on = (value: unknown) => typeof value === "object" && value !== null;
  return {
    load: capabilities.loadSession === true,
    list: on(session.list),
    resume: on(session.resume),
    close: on(session.close),
    delete: on(session.delete),
    additionalDirectories: on(session.additionalDirectories),
  };
}

export function recordNotApplicable(
  context: ScenarioContext,
  requirements: readonly RequirementId[],
  message: string,
): void {
  for (const requirement of requirements) context.check({ requirement, verdict: "not-applicable", message });
}

/**
 * Stops the scenario, not tested, without the prompt it steers the agent with. Checked only
 * after the capability gate (not with the scenario's `needs`), so an agent that does not
 * advertise the method is not applicable rather than untested.
 */
export function requirePrompt(context: ScenarioContext, need: "prompt" | "cancel-prompt"): void {
  const text = need === "prompt" ? context.options.prompts.prompt : context.options.prompts.cancelPrompt;
  if (text === undefined)
    throw new StopScenario(`needs --${need} <text> to steer a third-party target; not tested`, {
      unlock: `--${need} <text>`,
    });
}

/** A scratch directory removed when the scenario ends (after its agents, which were started later). */
export function scenarioDir(context: ScenarioContext, prefix: string): string {
  const dir = makeScratchDir(prefix);
  context.defer(async () => removeScratchDir(dir));
  return dir;
}

/** Starts the agent with the scenario's own HOME, where an agent keeps its sessions. */
export function startWithHome(context: ScenarioContext, home: string): Promise<AgentUnderTest> {
  return AgentUnderTest.start(context, { env: { HOME: home } });
}

/**
 * Runs a session scenario's body. An agent that asks for credentials only because its HOME is
 * the scenario's own blocks nothing else: the scenario stops, not tested, and says how to
 * give the agent a HOME it can use.
 */
export async function withOwnHome(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (!(error instanceof BlockedScenario)) throw error;
    throw new StopScenario(`${error.message} (the agent ran with a HOME of the scenario's own)`, {
      unlock: "--env HOME=<a directory where the agent finds its credentials and may keep sessions>",
    });
  }
}

/** session/new in `cwd`; stops the scenario when there is no session id. */
export async function newSessionIn(agent: AgentUnderTest, cwd: string): Promise<string> {
  stopIfPreflightBlocked(agent.context.preflight, "sessions");
  const outcome = agent.guardAuth(await agent.request("session/new", { cwd, mcpServers: [] }));
  const sessionId =
    outcome.kind === "response"
      ? (outcome.result as { sessionId?: unknown } | undefined)?.sessionId
      : undefined;
  if (typeof sessionId !== "string")
    throw new StopScenario(`session/new gave no session id: ${describeOutcome(outcome)}`);
  return sessionId;
}

/** What was said in a session: the prompt, and the agent's message text. */
export interface Said {
  sessionId: string;
  prompt: string;
  answer: string;
}

/** A new session in `cwd` with one plain turn in its history; stops the scenario if the turn fails. */
export async function sessionWithHistory(agent: AgentUnderTest, cwd: string): Promise<Said> {
  const sessionId = await newSessionIn(agent, cwd);
  const prompt = agent.options.prompts.prompt!;
  const turn: Turn = await agent.prompt(sessionId, prompt);
  if (turn.outcome.kind !== "response" || turn.outcome.error)
    throw new StopScenario(
      `the turn that gives the session a history failed: ${describeOutcome(turn.outcome)}`,
    );
  const answer = messageText(
    turn.updates.filter((update) => updateSessionId(update) === sessionId),
    "agent_message_chunk",
  );
  return { sessionId, prompt, answer };
}

/** Conversation content: what a replay consists of, and what a resume must not send. */
export const CONVERSATION_KINDS: ReadonlySet<string> = new Set([
  "user_message_chunk",
  "agent_message_chunk",
  "agent_thought_chunk",
  "tool_call",
  "tool_call_update",
  "plan",
]);

/** The text of every chunk of one kind, joined. */
export function messageText(updates: readonly IncomingMessage[], kind: string): string {
  return updates
    .filter((update) => updateKind(update) === kind)
    .map((update) => {
      const content = (
        update.message.kind === "notification"
          ? (update.message.params as { update?: { content?: { type?: unknown; text?: unknown } } })?.update
              ?.content
          : undefined
      ) as { type?: unknown; text?: unknown } | undefined;
      return content?.type === "text" && typeof content.text === "string" ? content.text : "";
    })
    .join("");
}

/** Whitespace differences are not a different conversation. */
export function sameText(said: string, replayed: string): boolean {
  const normal = (text: string) => text.replace(/\s+/g, " ").trim();
  return normal(replayed).includes(normal(said));
}
