/**
 * The bundled reference agent's ACP v2 side, on the SDK's experimental v2 builder: what
 * agent-main.ts routes a client to when its initialize asks for version 2 or later (a v1 client
 * still gets the v1 agent, peers/reference/agent.ts). It advertises sessions and so serves the
 * v2 baseline (new, list, resume with replay, close, prompt, cancel), session/delete, additional
 * directories and two config options (config-options.ts), and advertises slash commands for each
 * new session (commands.ts); its turns are scripted by
 * the v1 reference's prompt texts (turns.ts), and it elicits as v1's does (elicitation.ts), in
 * the modes the client advertised in initialize. It advertises an `agent` auth method (and, to a
 * client that can run it, a terminal one) and acts out logging in and out (auth.ts).
 */
import { randomUUID } from "node:crypto";
import * as acp from "@agentclientprotocol/sdk/experimental/v2";
import { KIT_VERSION } from "../../../kit/version.js";
import { ReferenceAuthV2 } from "./auth.js";
import { advertiseCommandsV2 } from "./commands.js";
import { configOptionsOf, setConfigOption } from "./config-options.js";
import { refuseUnsupportedMcpServers, replaysFromStart } from "./session-params.js";
import { continueTrace } from "../trace-context.js";
import { ReferenceSessionsV2 } from "./sessions.js";
import { runTurn } from "./turns.js";

export function createReferenceAgentV2(): acp.AgentApp {
  const sessions = new ReferenceSessionsV2();
  const auth = new ReferenceAuthV2();
  // One client per connection: what it advertised decides how the elicitation turn may ask.
  let clientCapabilities: acp.ClientCapabilities | undefined;
  return acp
    .agent({ name: "acp-conformance-reference-agent-v2" })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      clientCapabilities = params.capabilities ?? undefined;
      return {
        protocolVersion: acp.PROTOCOL_VERSION,
        info: {
          name: "acp-conformance-reference-agent",
          title: "acp-conformance reference agent",
          version: KIT_VERSION,
        },
        // It reads only a prompt's text, and so takes every other block as context (prompt markers).
        capabilities: {
          session: {
            additionalDirectories: {},
            delete: {},
            prompt: { image: {}, audio: {}, embeddedContext: {} },
          },
        },
        authMethods: auth.methods(params),
      };
    })
    .onRequest(acp.methods.agent.auth.login, ({ params }) => auth.login(params))
    .onRequest(acp.methods.agent.auth.logout, () => auth.logout())
    .onRequest(acp.methods.agent.session.new, ({ params, client }) => {
      auth.requireLogin();
      refuseUnsupportedMcpServers(params.mcpServers);
      const session = sessions.create(params.cwd, params.additionalDirectories ?? []);
      advertiseCommandsV2(client, session.sessionId);
      return {
        sessionId: session.sessionId,
        configOptions: configOptionsOf(session),
        // A traced request is answered in the same trace (W3C keys in _meta), as v1's prompt answer is.
        ...continueTrace(params._meta as Record<string, unknown> | undefined),
      };
    })
    .onRequest(acp.methods.agent.session.list, ({ params }) => {
      // It lists every session on one page and so never issues a cursor: any cursor is invalid.
      if (params.cursor != null) throw acp.RequestError.invalidParams(undefined, "unknown cursor");
      return { sessions: sessions.list(params.cwd) };
    })
    .onRequest(acp.methods.agent.session.resume, async ({ params, client }) => {
      const session = sessions.get(params.sessionId);
      refuseUnsupportedMcpServers(params.mcpServers);
      const replay = replaysFromStart(params.replayFrom);
      session.open = true;
      // The request's roots replace the session's: omitted activates none (session-setup.mdx).
      session.additionalDirectories = params.additionalDirectories ?? [];
      const notify = (update: acp.SessionUpdate) =>
        client.notify(acp.methods.client.session.update, { sessionId: session.sessionId, update });
      if (replay) {
        for (const message of session.history) {
          const content = [{ type: "text" as const, text: message.text }];
          await notify(
            message.role === "user"
              ? { sessionUpdate: "user_message", messageId: message.messageId, content }
              : { sessionUpdate: "agent_message", messageId: message.messageId, content },
          );
        }
      }
      // The current state after any replay and before the answer (session-setup.mdx).
      await notify(
        session.turn
          ? { sessionUpdate: "state_update", state: "running" }
          : { sessionUpdate: "state_update", state: "idle" },
      );
      return { configOptions: configOptionsOf(session) };
    })
    .onRequest(acp.methods.agent.session.close, ({ params }) => {
      const session = sessions.get(params.sessionId);
      session.turn?.abort();
      session.open = false;
      return {};
    })
    .onRequest(acp.methods.agent.session.prompt, ({ params, client }) => {
      const session = sessions.get(params.sessionId);
      // session/close freed it: a prompt names a session that no longer exists until resumed.
      if (!session.open) throw acp.RequestError.sessionNotFound(params.sessionId);
      if (session.turn)
        throw acp.RequestError.invalidRequest(undefined, "a turn is already running in this session");
      const turn = new AbortController();
      session.turn = turn;
      const messageId = randomUUID();
      // The answer acknowledges the prompt; the turn itself runs after it, reported by updates.
      setImmediate(
        () =>
          void runTurn(
            { client, sessions, session, signal: turn.signal, clientCapabilities },
            messageId,
            params.prompt,
          ),
      );
      return { messageId };
    })
    .onRequest(acp.methods.agent.session.delete, ({ params }) => {
      sessions.delete(params.sessionId);
      return {};
    })
    .onRequest(acp.methods.agent.session.setConfigOption, ({ params }) => ({
      configOptions: setConfigOption(sessions.get(params.sessionId), params),
    }))
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      sessions.get(params.sessionId).turn?.abort();
    });
}
