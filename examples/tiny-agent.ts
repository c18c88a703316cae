/** A tiny ACP agent on the SDK, the kind of code you would test with the mock client: it echoes prompts and honours cancel. */
import * as acp from "@agentclientprotocol/sdk";

export function tinyAgent(): acp.AgentApp {
  const turns = new Map<string, AbortController>();
  return acp
    .agent({ name: "tiny-agent" })
    .onRequest(acp.methods.agent.initialize, () => ({
      protocolVersion: 1,
      agentCapabilities: {},
      agentInfo: { name: "tiny-agent", version: "1.0.0" },
    }))
    .onRequest(acp.methods.agent.session.new, () => ({ sessionId: `tiny-${turns.size + 1}` }))
    .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
      const turn = new AbortController();
      turns.set(params.sessionId, turn);
      const text = params.prompt.map((block) => (block.type === "text" ? block.text : "")).join(" ");
      for (const word of text.split(" ")) {
        if (turn.signal.aborted) return { stopReason: "cancelled" };
        await client.notify(acp.methods.client.session.update, {
          sessionId: params.sessionId,
          update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: `${word} ` } },
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return { stopReason: turn.signal.aborted ? "cancelled" : "end_turn" };
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => turns.get(params.sessionId)?.abort());
}
