/**
 * events (v2), what the client shows: a turn in which the kit's v2 agent sends updates that
 * patch, clear, replace and append tool calls, display terminals and a plan, each text a nonce,
 * then a closing message and idle; and a second turn with two plans, one updated. The client's output is judged by display-checks-v2.ts: the
 * state the updates left, not the transcript of them.
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { Scenario } from "../../../kit/scenario.js";
import type { AgentAction } from "../../../peers/script-types.js";
import { nonce } from "../agent-scripts.js";
import { runClient } from "../driver.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { judgeDisplay, type DisplayExpectation } from "./display-checks-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const update = (body: Record<string, unknown>): AgentAction => ({ update: body });
const toolCall = (fields: Record<string, unknown>) =>
  update({ sessionUpdate: "tool_call_update", ...fields });
const textItem = (text: string) => ({ type: "content", content: { type: "text", text } });
const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const plan = (planId: string, entries: string[]) =>
  update({
    sessionUpdate: "plan_update",
    plan: {
      type: "items",
      planId,
      entries: entries.map((content) => ({ content, priority: "medium", status: "pending" })),
    },
  });

/** A nonce whose UTF-8 length leaves base64 padding ("==") at its end, so joining its encoding with the next chunk's puts padding mid-string. */
function paddedNonce(label: string): string {
  let text = nonce(label);
  while (Buffer.byteLength(text) % 3 !== 1) text += ".";
  return text;
}

/** The texts of one run: each a nonce, so the output shows them only when the client printed them. */
function displayTexts() {
  return {
    title: nonce("tool-title"),
    cleared: nonce("tool-cleared"),
    chunks: [nonce("tool-a"), nonce("tool-b"), nonce("tool-c"), nonce("tool-d")] as const,
    merged: nonce("term-old"),
    snapshot: nonce("term-snapshot"),
    decoded: [paddedNonce("term-first"), nonce("term-second")] as const,
    plans: { first: nonce("plan-a1"), other: nonce("plan-b1"), updated: nonce("plan-a2") },
    replaced: [nonce("plan-c1"), nonce("plan-c2"), nonce("plan-c3")] as const,
  };
}
type DisplayTexts = ReturnType<typeof displayTexts>;

function displayActions(texts: DisplayTexts): AgentAction[] {
  const [a, b, c, d] = texts.chunks;
  const chunk = (text: string) =>
    update({
      sessionUpdate: "tool_call_content_chunk",
      toolCallId: "kit-display-chunks",
      content: textItem(text),
    });
  const output = (terminalId: string, text: string) =>
    update({ sessionUpdate: "terminal_output_chunk", terminalId, data: base64(text) });
  return [
    // A title kept through updates that omit it; content cleared by null.
    toolCall({
      toolCallId: "kit-display-partial",
      title: texts.title,
      kind: "read",
      status: "pending",
      content: [textItem(texts.cleared)],
    }),
    toolCall({ toolCallId: "kit-display-partial", status: "in_progress" }),
    toolCall({ toolCallId: "kit-display-partial", status: "completed", content: null }),
    // Content [a], chunk b, content [c] (replacing a and b), chunk d (appended to c).
    toolCall({
      toolCallId: "kit-display-chunks",
      title: "Stream output",
      kind: "other",
      content: [textItem(a)],
    }),
    chunk(b),
    toolCall({ toolCallId: "kit-display-chunks", content: [textItem(c)] }),
    chunk(d),
    // A chunk replaced by a snapshot; two chunks whose encodings must not be joined. The tool call
    // that shows them comes first, as an agent running a command sends it.
    toolCall({
      toolCallId: "kit-display-terminals",
      title: "Run commands",
      kind: "execute",
      status: "in_progress",
      content: [
        { type: "terminal", terminalId: "kit-display-snapshot" },
        { type: "terminal", terminalId: "kit-display-decoded" },
      ],
    }),
    update({ sessionUpdate: "terminal_update", terminalId: "kit-display-snapshot", command: "kit-run" }),
    output("kit-display-snapshot", texts.merged),
    update({
      sessionUpdate: "terminal_update",
      terminalId: "kit-display-snapshot",
      output: { data: base64(texts.snapshot) },
    }),
    update({ sessionUpdate: "terminal_update", terminalId: "kit-display-decoded", command: "kit-run" }),
    output("kit-display-decoded", texts.decoded[0]),
    output("kit-display-decoded", texts.decoded[1]),
    // A plan whose second update replaces its two entries with one.
    plan("kit-display-plan-3", texts.replaced.slice(0, 2)),
    plan("kit-display-plan-3", texts.replaced.slice(2)),
  ];
}

/**
 * Two plans, one updated: a run of its own, so a client that cannot hold a second plan (and
 * crashes on one, client.v2.events.survives-plan-updates) loses only this check.
 */
function plansByIdActions(texts: DisplayTexts): AgentAction[] {
  return [
    plan("kit-display-plan-1", [texts.plans.first]),
    plan("kit-display-plan-2", [texts.plans.other]),
    plan("kit-display-plan-1", [texts.plans.updated]),
  ];
}

function expectations(texts: DisplayTexts): DisplayExpectation[] {
  const [a, b, c, d] = texts.chunks;
  const { first, other, updated } = texts.plans;
  return [
    {
      requirement: "client.v2.events.tool-call-partial-update",
      what: "a tool call with a title and content, then updates omitting the title and sending content null",
      current: [texts.title],
      replaced: [texts.cleared],
      shownBy: [texts.title, texts.cleared],
    },
    {
      requirement: "client.v2.events.tool-call-chunks-compose",
      what: "a tool call's content [a], a chunk b, content [c], a chunk d",
      current: [c, d],
      replaced: [a, b],
      shownBy: [a, b, c, d],
    },
    {
      requirement: "client.v2.events.terminal-snapshot-replaces",
      what: "a terminal's output chunk, then an output snapshot",
      current: [texts.snapshot],
      replaced: [texts.merged],
      shownBy: [texts.merged, texts.snapshot],
    },
    {
      requirement: "client.v2.events.terminal-chunks-decoded-separately",
      what: "two terminal output chunks, the first's base64 ending in padding",
      current: [...texts.decoded],
      replaced: [],
      shownBy: [...texts.decoded],
    },
    {
      requirement: "client.v2.events.plans-by-id",
      what: "plans of two planIds, then an update of the first",
      current: [other, updated],
      replaced: [],
      shownBy: [first, other, updated],
    },
    {
      requirement: "client.v2.events.plan-replaced",
      what: "a plan of entries [a, b], then [c] for the same planId",
      current: [texts.replaced[2]],
      replaced: texts.replaced.slice(0, 2),
      shownBy: [...texts.replaced],
    },
  ];
}

const REQUIREMENTS = expectations(displayTexts()).map((expected) => expected.requirement);

export const displayStateV2Scenario: Scenario = {
  id: "client.v2.events.display-state",
  title:
    "v2 turns patch, clear, replace and append tool calls, display terminals and plans; the client shows the state they leave",
  mode: "client",
  requirements: REQUIREMENTS satisfies RequirementId[],
  async run(context) {
    const texts = displayTexts();
    const turn = async (actions: AgentAction[]) => {
      const closing = nonce("display-closing");
      const run = await runClient(
        context,
        agentScriptV2([...actions, { message: closing }, { stop: "end_turn" }]),
      );
      recordGenericClientV2Checks(context, run);
      return { run, closing };
    };
    const all = await turn(displayActions(texts));
    const plans = await turn(plansByIdActions(texts));
    for (const expected of expectations(texts)) {
      const { run, closing } = expected.requirement === "client.v2.events.plans-by-id" ? plans : all;
      judgeDisplay(context, run, closing, expected);
    }
  },
};
