/**
 * The reference client's view of one v2 session's messages, kept as v2 says a client must
 * (prompt-lifecycle.mdx#message-ids): keyed by `messageId`, a whole-message update
 * (`agent_message`) replaces the content stored for its id (omitted content leaves it, `null`
 * or `[]` clears it) and a chunk appends to it, so a message the agent rewrote is shown once,
 * as it last stood. Only the agent's messages (not thoughts, not the user's) are the turn's text.
 */

type Block = { type?: unknown; text?: unknown };

export class SessionMessagesV2 {
  /** The agent's messages by id, in the order each id was first seen. */
  readonly #messages = new Map<string, string>();

  /** Takes one `session/update`'s `update` for this session. */
  add(update: Record<string, unknown>): void {
    const messageId = typeof update.messageId === "string" ? update.messageId : undefined;
    if (messageId === undefined) return;
    if (update.sessionUpdate === "agent_message_chunk") {
      this.#messages.set(messageId, (this.#messages.get(messageId) ?? "") + textOf([update.content]));
    } else if (update.sessionUpdate === "agent_message") {
      if (!("content" in update)) {
        if (!this.#messages.has(messageId)) this.#messages.set(messageId, "");
        return; // an update of other fields leaves the content as it was
      }
      this.#messages.set(messageId, Array.isArray(update.content) ? textOf(update.content) : "");
    }
  }

  /** The agent's message text so far, one line per message. */
  get text(): string {
    return [...this.#messages.values()].filter((text) => text !== "").join("\n");
  }
}

function textOf(blocks: unknown[]): string {
  return blocks
    .map((block) => {
      const { type, text } = (block ?? {}) as Block;
      return type === "text" && typeof text === "string" ? text : "";
    })
    .join("");
}
