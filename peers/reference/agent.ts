/**
 * The bundled reference agent: a small, conformant ACP agent built on the official SDK. It
 * is what `acp-conformance agent` tests when no command is given, and the known-good side the
 * kit's own tests compare fixtures against. Its turns are scripted by prompt text
 * (triggers.ts), so every scenario is deterministic without a model.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import * as acp from "@agentclientprotocol/sdk";
import { KIT_VERSION } from "../../kit/version.js";
import { ReferenceSessions, type SessionDefect } from "./sessions.js";
import { ReferenceSessionConfig, configOptions } from "./session-config.js";
import { ELICITATION_PROMPT, LONG_TURN_PROMPT, PERMISSION_PROMPT } from "./triggers.js";
import { clientToolTrigger, clientToolTurn } from "./client-tools.js";
import { elicitationTurn } from "./elicitation.js";
import { ReferenceAuth, type ReferenceAuthOptions } from "./auth-state.js";
import { continueTrace } from "./trace-context.js";
import { connectMcpServers } from "./mcp-servers.js";
import {
  PROMPT_CAPABILITIES,
  acknowledgeMedia,
  advertiseCommands,
  commandOf,
  runCommand,
} from "./commands-content.js";

const LONG_TURN_LIMIT_MS = 30_000;
const LONG_TURN_TICK_MS = 100;

function promptText(prompt: acp.ContentBlock[]): string {
  return prompt.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}

/**
 * `sessionDefect` breaks one session-management behaviour (fixture agents only); the auth options
 * choose how much of authentication it acts out (auth-state.ts).
 */
export function createReferenceAgent(
  options: { sessionDefect?: SessionDefect } & ReferenceAuthOptions = {},
): acp.AgentApp {
  const sessions = new ReferenceSessions(options.sessionDefect);
  const auth = new ReferenceAuth(options);
  let clientCapabilities: acp.ClientCapabilities | undefined;
  const config = new ReferenceSessionConfig();

  const sendText = (client: acp.AgentContext, sessionId: string, text: string, messageId: string) => {
    sessions.recordAnswer(sessionId, text, messageId);
    return client.notify(acp.methods.client.session.update, {
      sessionId,
      update: { sessionUpdate: "agent_message_chunk", messageId, content: { type: "text", text } },
    });
  };

  async function longTurn(
    client: acp.AgentContext,
    sessionId: string,
    signal: AbortSignal,
  ): Promise<acp.StopReason> {
    const messageId = randomUUID();
    const started = Date.now();
    for (let tick = 1; Date.now() - started < LONG_TURN_LIMIT_MS; tick++) {
      if (signal.aborted) return "cancelled";
      await sendText(client, sessionId, `still working (${tick})… `, messageId);
      await delay(LONG_TURN_TICK_MS, undefined, { signal }).catch(() => undefined);
    }
    return signal.aborted ? "cancelled" : "end_turn";
  }

  async function permissionTurn(
    client: acp.AgentContext,
    sessionId: string,
    signal: AbortSignal,
  ): Promise<acp.StopReason> {
    const toolCallId = `tool-${randomUUID()}`;
    const update = (body: acp.SessionUpdate) =>
      client.notify(acp.methods.client.session.update, { sessionId, update: body });
    await update({
      sessionUpdate: "tool_call",
      toolCallId,
      title: "Write acp-conformance.txt",
      kind: "edit",
      status: "pending",
    });
    const answer = await client.request(acp.methods.client.session.requestPermission, {
      sessionId,
      toolCall: { toolCallId, title: "Write acp-conformance.txt", kind: "edit", status: "pending" },
      options: [
        { optionId: "allow", name: "Allow once", kind: "allow_once" },
        { optionId: "reject", name: "Reject", kind: "reject_once" },
      ],
    });
    if (signal.aborted) return "cancelled";
    const allowed = answer.outcome.outcome === "selected" && answer.outcome.optionId === "allow";
    if (!allowed) {
      // The tool never runs: report it failed and say so, then end the turn normally.
      await update({ sessionUpdate: "tool_call_update", toolCallId, status: "failed" });
      await sendText(client, sessionId, "Permission denied; the file was not written.", randomUUID());
      return "end_turn";
    }
    await update({ sessionUpdate: "tool_call_update", toolCallId, status: "in_progress" });
    await update({ sessionUpdate: "tool_call_update", toolCallId, status: "completed" });
    return "end_turn";
  }

  const app = acp
    .agent({ name: "acp-conformance-reference-agent" })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      // Kept for the turns that use the client's fs and terminals (client-tools.ts).
      clientCapabilities = params.clientCapabilities;
      config.clientInitialized(params);
      return {
        protocolVersion: acp.PROTOCOL_VERSION,
        agentCapabilities: {
          ...sessions.capabilities(),
          promptCapabilities: PROMPT_CAPABILITIES,
          mcpCapabilities: { http: true },
          auth: { logout: {} },
        },
        authMethods: auth.methods(params),
        agentInfo: {
          name: "acp-conformance-reference-agent",
          title: "acp-conformance reference agent",
          version: KIT_VERSION,
        },
      };
    })
    .onRequest(acp.methods.agent.session.new, ({ params, client }) => {
      auth.requireLogin();
      const sessionId = sessions.create(params.cwd, params.additionalDirectories);
      connectMcpServers(sessionId, params.mcpServers);
      advertiseCommands(client, sessionId);
      return { sessionId, ...config.newSession(sessionId) };
    })
    .onRequest(acp.methods.agent.session.setMode, async ({ params, client }) => {
      const settings = config.setMode(params);
      const notify = (update: acp.SessionUpdate) =>
        client.notify(acp.methods.client.session.update, { sessionId: params.sessionId, update });
      // The mode is also the "mode" config option: announce both, so either view stays in step.
      await notify({ sessionUpdate: "current_mode_update", currentModeId: settings.mode });
      await notify({ sessionUpdate: "config_option_update", configOptions: configOptions(settings) });
      return {};
    })
    .onRequest(acp.methods.agent.session.setConfigOption, async ({ params, client }) => {
      const { settings, modeChanged } = config.setConfigOption(params);
      if (modeChanged) {
        const update = { sessionUpdate: "current_mode_update", currentModeId: settings.mode } as const;
        await client.notify(acp.methods.client.session.update, { sessionId: params.sessionId, update });
      }
      return { configOptions: configOptions(settings) };
    })
    .onRequest(acp.methods.agent.authenticate, ({ params }) => auth.authenticate(params))
    .onRequest(acp.methods.agent.logout, () => auth.logout())
    .onRequest(acp.methods.agent.session.prompt, async ({ params, client, signal }) => {
      const text = promptText(params.prompt);
      const { session, turn } = sessions.beginTurn(params.sessionId, text);
      // $/cancel_request for this prompt ends the turn like session/cancel: with stopReason cancelled.
      signal.addEventListener("abort", () => turn.abort(), { once: true });
      let stopReason: acp.StopReason = "end_turn";
      try {
        if (text.includes(LONG_TURN_PROMPT))
          stopReason = await longTurn(client, params.sessionId, turn.signal);
        else if (text.includes(PERMISSION_PROMPT))
          stopReason = await permissionTurn(client, params.sessionId, turn.signal);
        else if (text.includes(ELICITATION_PROMPT)) {
          const asking = { client, sessionId: params.sessionId, signal: turn.signal };
          stopReason = await elicitationTurn({ ...asking, capabilities: clientCapabilities });
        } else if (clientToolTrigger(text)) {
          const tools = {
            client,
            sessionId: params.sessionId,
            cwd: session.record.cwd,
            capabilities: clientCapabilities,
          };
          stopReason = await clientToolTurn(tools, text);
        } else if (commandOf(text))
          await runCommand(client, params.sessionId, commandOf(text)!, params.prompt);
        else {
          await sendText(client, params.sessionId, `You said: ${text.slice(0, 200)}`, randomUUID());
          await acknowledgeMedia(client, params.sessionId, params.prompt);
          stopReason = turn.signal.aborted ? "cancelled" : "end_turn";
        }
      } finally {
        stopReason = sessions.endTurn(session, turn, stopReason);
      }
      return { stopReason, ...continueTrace(params._meta) };
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      sessions.active(params.sessionId)?.turn?.abort();
    });
  return sessions.register(app);
}
