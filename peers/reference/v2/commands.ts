/**
 * The v2 reference agent's slash commands: advertised for each new session once session/new has
 * been answered (slash-commands.mdx#advertising-commands). A v2 command carries a `type`
 * discriminator (`command`), and its input one too (`text`), which v1's did not. A prompt that
 * starts with one runs as an ordinary turn (turns.ts answers it like any prompt).
 */
import * as acp from "@agentclientprotocol/sdk/experimental/v2";

export const REFERENCE_COMMANDS_V2 = [
  { type: "command", name: "summarize", description: "Summarize the conversation so far" },
  {
    type: "command",
    name: "notes",
    description: "Take a note",
    input: { type: "text", hint: "what to note" },
  },
] as const;

/** Sends the session's commands after the session/new response has gone out. */
export function advertiseCommandsV2(client: acp.AgentContext, sessionId: string): void {
  setTimeout(() => {
    void client
      .notify(acp.methods.client.session.update, {
        sessionId,
        update: {
          sessionUpdate: "available_commands_update",
          availableCommands: REFERENCE_COMMANDS_V2.map((command) => ({ ...command })),
        },
      })
      .catch(() => undefined);
  }, 0);
}
