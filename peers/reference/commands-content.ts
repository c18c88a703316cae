/**
 * The reference agent's slash commands and rich prompt content: it advertises its commands
 * for each new session (after session/new answered, as slash-commands.mdx#advertising-commands
 * describes), runs a prompt that starts with one as an ordinary turn, and acknowledges the
 * image, audio and embedded resources it advertises accepting by echoing the media back.
 */
import { randomUUID } from "node:crypto";
import * as acp from "@agentclientprotocol/sdk";

export const REFERENCE_COMMANDS: acp.AvailableCommand[] = [
  { name: "summarize", description: "Summarize the conversation so far" },
  { name: "notes", description: "Take a note", input: { hint: "what to note" } },
];

/** What initialize advertises for prompt content. */
export const PROMPT_CAPABILITIES: acp.PromptCapabilities = {
  image: true,
  audio: true,
  embeddedContext: true,
};

/** Sends the session's commands once the session/new response has gone out. */
export function advertiseCommands(client: acp.AgentContext, sessionId: string): void {
  setTimeout(() => {
    void client
      .notify(acp.methods.client.session.update, {
        sessionId,
        update: { sessionUpdate: "available_commands_update", availableCommands: REFERENCE_COMMANDS },
      })
      .catch(() => undefined);
  }, 0);
}

/** The advertised command a prompt's text starts with, if any. */
export function commandOf(text: string): acp.AvailableCommand | undefined {
  const match = /^\/(\S+)/.exec(text.trimStart());
  return REFERENCE_COMMANDS.find((command) => command.name === match?.[1]);
}

/** A command turn: the reference agent says it ran the command, with what followed it. */
export async function runCommand(
  client: acp.AgentContext,
  sessionId: string,
  command: acp.AvailableCommand,
  prompt: acp.ContentBlock[],
): Promise<void> {
  const links = prompt.filter((block) => block.type === "resource_link").map((block) => block.uri);
  const text = `Ran /${command.name}${links.length ? ` on ${links.join(", ")}` : ""}.`;
  await client.notify(acp.methods.client.session.update, {
    sessionId,
    update: {
      sessionUpdate: "agent_message_chunk",
      messageId: randomUUID(),
      content: { type: "text", text },
    },
  });
}

/** Echoes the prompt's images and audio back, and says which embedded resources it read. */
export async function acknowledgeMedia(
  client: acp.AgentContext,
  sessionId: string,
  prompt: acp.ContentBlock[],
): Promise<void> {
  const messageId = randomUUID();
  for (const block of prompt) {
    let content: acp.ContentBlock | undefined;
    if (block.type === "image") content = { type: "image", mimeType: block.mimeType, data: block.data };
    else if (block.type === "audio") content = { type: "audio", mimeType: block.mimeType, data: block.data };
    else if (block.type === "resource")
      content = { type: "text", text: `Read the embedded resource ${block.resource.uri}.` };
    if (content)
      await client.notify(acp.methods.client.session.update, {
        sessionId,
        update: { sessionUpdate: "agent_message_chunk", messageId, content },
      });
  }
}
