/**
 * The reference client's prompt turn once the agent has answered initialize with
 * protocolVersion 2, on the raw wire (the SDK's v1 connection made the initialize request and
 * cannot change version within a connection). As v2's client checklist says (migration.mdx,
 * "Migration checklist: Clients"): the session/prompt response is only the acknowledgment; the
 * turn ends at the session's idle `state_update`, whose stop reason decides how it went;
 * messages are tracked by `messageId` (client-messages-v2.ts), tool calls, terminals and plans
 * as upserts (client-display-v2.ts), both shown after the turn; a permission request is answered
 * with its reject option; and when the kit's cancel-while-asking hook names the run, the client
 * cancels with session/cancel and waits for idle `cancelled` as the confirmation. A session/new
 * refused with auth_required logs in (auth/login) with an advertised method of type agent, once;
 * so does a prompt refused so after the kit's logout hook (auth/logout before the prompt). On the
 * kit's slash-command hook it runs the first advertised command as a second prompt.
 */
import { advertisedCommands, commandToRun } from "../command-run.js";
import { referenceMcpServers, traceMeta } from "../turn-context.js";
import { SessionDisplayV2 } from "./client-display-v2.js";
import type { SessionOptions } from "../client-sessions.js";
import { SessionMessagesV2 } from "./client-messages-v2.js";
import { SessionsV2, opensSessionHistory } from "./client-sessions-v2.js";

type Frame = Record<string, unknown>;
type RpcError = { code: number; message: string };

/** The connection to the agent after initialize: frames out, and a handler for each frame in. */
export interface V2Wire {
  send(frame: Frame): void;
  onFrame(handler: (frame: Frame) => void): void;
}

/** The kit's test hook (as the v1 client's in acp-turn.ts): the user cancels while a permission is asked. */
const cancelsWhileAsking = () =>
  process.env.ACP_CONFORMANCE_SCENARIO?.endsWith("cancel-while-asking") === true;

/** The reference MCP server as v2 lists it (typed), when the agent advertised session.mcp.stdio (present, non-null). */
function mcpServersFor(capabilities: unknown): Frame[] {
  const session = (capabilities as { session?: { mcp?: { stdio?: unknown } | null } | null } | undefined)
    ?.session;
  const stdio = session?.mcp?.stdio;
  return stdio === undefined || stdio === null
    ? []
    : referenceMcpServers().map((server) => ({ type: "stdio", ...server }));
}

/** The kit's test hook (as the v1 client's in ../client-auth.ts): the user logs out before the prompt. */
const logsOut = (authMethods: unknown) =>
  Array.isArray(authMethods) &&
  authMethods.length > 0 &&
  process.env.ACP_CONFORMANCE_SCENARIO?.endsWith("logout-then-prompt") === true;

/** The first advertised method of type agent (one the client may pass to auth/login); terminal and unknown types are not. */
function agentLoginMethod(authMethods: unknown): string | undefined {
  const methods = Array.isArray(authMethods) ? (authMethods as Frame[]) : [];
  const method = methods.find(
    (candidate) => candidate?.type === "agent" && typeof candidate.methodId === "string",
  );
  return method?.methodId as string | undefined;
}

export async function runV2Turn(
  wire: V2Wire,
  options: {
    cwd: string;
    prompt: string;
    capabilities?: unknown;
    authMethods?: unknown;
    sessions?: SessionOptions;
    gaveUp?: AbortSignal;
  },
): Promise<string> {
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1; // 0 was initialize's
  const request = (method: string, params: Frame): Promise<unknown> => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      wire.send({ jsonrpc: "2.0", id, method, params });
    });
  };
  // Giving up (the client's deadline), it withdraws each request still pending with $/cancel_request (cancellation.mdx).
  options.gaveUp?.addEventListener("abort", () => {
    for (const requestId of pending.keys())
      wire.send({ jsonrpc: "2.0", method: "$/cancel_request", params: { requestId } });
  });
  const messages = new SessionMessagesV2();
  const display = new SessionDisplayV2();
  let sessionId: string | undefined;
  let idle: ((stopReason: string) => void) | undefined;
  const commands: string[] = []; // for the kit's slash-command hook (../command-run.ts)

  wire.onFrame((frame) => {
    if ("method" in frame && typeof frame.method !== "string") {
      // No valid request (JSON-RPC 2.0: -32600, with id null since its id cannot be trusted).
      wire.send({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } });
      return;
    }
    if (typeof frame.method !== "string") {
      const waiting = typeof frame.id === "number" ? pending.get(frame.id) : undefined;
      if (!waiting) return;
      pending.delete(frame.id as number);
      if ("error" in frame)
        waiting.reject(
          Object.assign(new Error(`the agent answered ${(frame.error as RpcError)?.message}`), {
            code: (frame.error as RpcError)?.code,
          }),
        );
      else waiting.resolve(frame.result);
      return;
    }
    const params = (frame.params ?? {}) as Frame;
    if (frame.method === "session/update") {
      if (sessionId === undefined || params.sessionId !== sessionId) return; // only this session's output
      const update = (params.update ?? {}) as Frame;
      if (update.sessionUpdate === "state_update" && update.state === "idle")
        idle?.(typeof update.stopReason === "string" ? update.stopReason : "end_turn");
      else {
        messages.add(update);
        display.add(update);
        commands.push(...advertisedCommands(update));
      }
      return;
    }
    if (!("id" in frame)) return; // other notifications need no answer
    wire.send({ jsonrpc: "2.0", id: frame.id, ...answerRequest(frame.method, params, wire) });
  });

  const mcpServers = mcpServersFor(options.capabilities);
  const newSession = (extra: Frame = {}) =>
    request("session/new", { cwd: options.cwd, ...(mcpServers.length > 0 ? { mcpServers } : {}), ...extra });
  const createSession = (extra: Frame = {}) =>
    newSession(extra).catch(async (error: { code?: unknown }) => {
      // auth_required (authentication.mdx): log in with a method the agent handles itself, then ask again.
      const methodId = agentLoginMethod(options.authMethods);
      if (error.code !== -32000 || methodId === undefined) throw error;
      await request("auth/login", { methodId });
      return newSession(extra);
    });
  // The kit's hook (client-sessions-v2.ts): the user opens the session history, lists, resumes, closes.
  const history = opensSessionHistory()
    ? new SessionsV2(options.sessions ?? { roots: [] }, options.capabilities)
    : undefined;
  const session = (await (history
    ? history.open(request, options.cwd, mcpServers, (id) => (sessionId = id), createSession)
    : createSession())) as { sessionId?: unknown };
  if (typeof session?.sessionId !== "string") throw new Error("session/new answered no sessionId");
  sessionId = session.sessionId;
  const runPrompt = async (text: string) => {
    const ended = new Promise<string>((resolve) => {
      idle = resolve;
    });
    // The response acknowledges the prompt; the turn is over only at idle (prompt-lifecycle.mdx#2-prompt-accepted).
    // The prompt carries trace context, as v1's does (extensibility.mdx#the-_meta-field).
    const params = { sessionId, prompt: [{ type: "text", text }], _meta: traceMeta() };
    await request("session/prompt", params).catch(async (error: { code?: unknown }) => {
      // auth_required after a logout (authentication.mdx#active-sessions): log in again, then prompt once more.
      const methodId = agentLoginMethod(options.authMethods);
      if (error.code !== -32000 || methodId === undefined) throw error;
      await request("auth/login", { methodId });
      return request("session/prompt", params);
    });
    const stopReason = await ended;
    if (stopReason !== "end_turn") throw new Error(`the turn ended with ${stopReason}`);
  };
  if (logsOut(options.authMethods)) await request("auth/logout", {});
  await runPrompt(options.prompt);
  // The kit's slash-command hook: the user runs an advertised command next, as an ordinary prompt.
  const command = commandToRun(commands);
  if (command) await runPrompt(command);
  await history?.finish(request, sessionId);
  // The turn's text, then the tool calls, terminals and plans as the turns left them (client-display-v2.ts).
  return [messages.text, display.render()].filter(Boolean).join("\n");
}

/** The answer to one request from the agent: a permission is rejected (or cancelled by the hook); anything else is unknown. */
function answerRequest(
  method: string,
  params: Frame,
  wire: V2Wire,
): { result: unknown } | { error: RpcError } {
  if (method !== "session/request_permission")
    return { error: { code: -32601, message: `Method not found: ${method}` } };
  if (typeof params.title !== "string" || !Array.isArray(params.options))
    return {
      error: { code: -32602, message: "Invalid params: a permission request needs a title and options" },
    };
  if (cancelsWhileAsking()) {
    wire.send({ jsonrpc: "2.0", method: "session/cancel", params: { sessionId: params.sessionId } });
    return { result: { outcome: { outcome: "cancelled" } } };
  }
  const options = Array.isArray(params.options)
    ? (params.options as Array<{ optionId?: unknown; kind?: unknown }>)
    : [];
  const reject = options.find((option) => option.kind === "reject_once" || option.kind === "reject_always");
  return {
    result: {
      outcome: reject ? { outcome: "selected", optionId: reject.optionId } : { outcome: "cancelled" },
    },
  };
}
