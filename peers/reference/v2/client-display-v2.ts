/**
 * The reference client's view of one v2 session's tool calls, display terminals and plans, kept
 * as v2 says a client applies them, and rendered once after the turn (the state the updates left,
 * not a transcript of them):
 * - tool calls are upserts by `toolCallId` (tool-calls.mdx#reporting): an omitted field keeps its
 *   value, `null` clears it, `content` is replaced whole, and a `tool_call_content_chunk` appends
 *   one item to the current content (tool-calls.mdx#streaming-content);
 * - terminals are upserts by `terminalId`: an `output` snapshot replaces every byte stored, and each
 *   `terminal_output_chunk` is decoded on its own and its bytes appended
 *   (tool-calls.mdx#display-only-terminals);
 * - plans are kept by `planId`, each items `plan_update` replacing that plan's entries
 *   (agent-plan.mdx#updating-plans).
 */

type Fields = Record<string, unknown>;

interface ToolCallView {
  title?: unknown;
  status?: unknown;
  content: unknown[];
}

export class SessionDisplayV2 {
  /** In the order each id was first seen, as the messages are. */
  readonly #toolCalls = new Map<string, ToolCallView>();
  readonly #terminals = new Map<string, Buffer>();
  readonly #plans = new Map<string, string[]>();

  /** Takes one `session/update`'s `update` for this session. */
  add(update: Fields): void {
    if (update.sessionUpdate === "tool_call_update") this.#toolCall(update);
    else if (update.sessionUpdate === "tool_call_content_chunk")
      this.#toolCallView(update.toolCallId)?.content.push(update.content);
    else if (update.sessionUpdate === "terminal_update") this.#terminal(update);
    else if (
      update.sessionUpdate === "terminal_output_chunk" &&
      typeof update.terminalId === "string" &&
      typeof update.data === "string"
    ) {
      // Each chunk is its own base64 string: decoded alone, then its bytes appended.
      const stored = this.#terminals.get(update.terminalId) ?? Buffer.alloc(0);
      this.#terminals.set(update.terminalId, Buffer.concat([stored, Buffer.from(update.data, "base64")]));
    } else if (update.sessionUpdate === "plan_update") {
      const plan = (update.plan ?? {}) as Fields;
      if (plan.type !== "items" || typeof plan.planId !== "string" || !Array.isArray(plan.entries)) return;
      // The entries sent are the plan's whole contents (agent-plan.mdx#updating-plans).
      this.#plans.set(
        plan.planId,
        plan.entries.map((entry) => `${(entry as Fields)?.content} (${(entry as Fields)?.status})`),
      );
    }
  }

  #toolCallView(id: unknown): ToolCallView | undefined {
    if (typeof id !== "string") return undefined;
    const view = this.#toolCalls.get(id) ?? { content: [] };
    this.#toolCalls.set(id, view);
    return view;
  }

  #toolCall(update: Fields): void {
    const view = this.#toolCallView(update.toolCallId);
    if (!view) return;
    // Omitted: unchanged; null: cleared; a value: replaced (content as a whole array).
    if ("title" in update) view.title = update.title ?? undefined;
    if ("status" in update) view.status = update.status ?? undefined;
    if ("content" in update) view.content = Array.isArray(update.content) ? [...update.content] : [];
  }

  #terminal(update: Fields): void {
    if (typeof update.terminalId !== "string") return;
    if (!this.#terminals.has(update.terminalId)) this.#terminals.set(update.terminalId, Buffer.alloc(0));
    const output = update.output as Fields | null | undefined;
    // A snapshot is the whole output from now on: nothing of the stored bytes is kept.
    if (output === null) this.#terminals.set(update.terminalId, Buffer.alloc(0));
    else if (typeof output?.data === "string")
      this.#terminals.set(update.terminalId, Buffer.from(output.data, "base64"));
  }

  /** The session's tool calls, terminals and plans as they stand, one line each (empty when none). */
  render(): string {
    const lines: string[] = [];
    for (const [id, view] of this.#toolCalls) {
      lines.push(`[tool ${id}] ${view.title ?? ""} (${view.status ?? "pending"})`);
      for (const item of view.content) lines.push(`  ${contentText(item)}`);
    }
    for (const [id, bytes] of this.#terminals) lines.push(`[terminal ${id}] ${bytes.toString("utf8")}`);
    for (const [id, entries] of this.#plans)
      lines.push(`[plan ${id}]`, ...entries.map((entry) => `  - ${entry}`));
    return lines.join("\n");
  }
}

/** A tool call content item as one line: the text of a content block, else its type. */
function contentText(item: unknown): string {
  const { type, content } = (item ?? {}) as Fields;
  const block = (content ?? {}) as Fields;
  if (type === "content" && block.type === "text" && typeof block.text === "string") return block.text;
  return `<${String(type)}>`;
}
