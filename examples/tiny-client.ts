/**
 * A tiny ACP client, the kind of code you would test with the mock agent: it starts a
 * session, sends one prompt, and returns the text the agent streamed and its stop reason.
 * Permission requests are refused.
 */
import * as acp from "@agentclientprotocol/sdk";

export interface TurnResult {
  text: string;
  stopReason: string;
  deniedPermissions: number;
}

export async function askOnce(stream: acp.Stream, prompt: string, cwd = process.cwd()): Promise<TurnResult> {
  let text = "";
  let deniedPermissions = 0;
  const client = acp
    .client({ name: "tiny-client" })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      if (params.update.sessionUpdate === "agent_message_chunk" && params.update.content.type === "text")
        text += params.update.content.text;
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      deniedPermissions += 1;
      const reject = params.options.find((option) => option.kind === "reject_once");
      return {
        outcome: reject ? { outcome: "selected", optionId: reject.optionId } : { outcome: "cancelled" },
      };
    });
  return client.connectWith(stream, async (agent) => {
    const init = await agent.request(acp.methods.agent.initialize, {
      protocolVersion: 1,
      clientCapabilities: {},
      clientInfo: { name: "tiny-client", version: "1.0.0" },
    });
    if (init.protocolVersion !== 1) throw new Error(`unsupported protocol version ${init.protocolVersion}`);
    const { sessionId } = await agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] });
    const { stopReason } = await agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: prompt }],
    });
    return { text, stopReason, deniedPermissions };
  });
}
