/**
 * What an ACP v2 client that shows the agent's tool calls, display terminals and plans owes their
 * updates (tool-calls.mdx, agent-plan.mdx): tool calls are upserts by toolCallId whose content
 * chunks append, a terminal's output snapshot replaces its bytes and each output chunk is decoded
 * on its own, and plans are kept by planId, each update replacing its entries. Joined into the
 * client's requirements in acp-client.ts.
 *
 * The kit can only read what the client prints, and judges the state the updates left
 * (scenarios/client/v2/display-checks-v2.ts): the client's rendering after the turn's last
 * message when it prints one; without one, only an output with nothing replaced in it passes, and
 * a transcript that printed each update as it came (which shows replaced values legitimately) is
 * not tested. A client that shows none of them is not tested either.
 */
import type { Requirement } from "./types.js";

const TOOL_CALLS = "docs/protocol/v2/tool-calls.mdx";
const PLAN = "docs/protocol/v2/agent-plan.mdx";
const JUDGED =
  " The kit judges the client's rendering after the turn's last agent message; a client that prints only a transcript of the updates as they came is not tested unless its output has nothing replaced in it.";

const client = <const R extends Omit<Requirement, "protocol" | "side" | "versions" | "area">>(
  requirement: R,
) => ({
  protocol: "acp" as const,
  side: "client" as const,
  versions: [2] as const,
  area: "events" as const,
  ...requirement,
});

export const ACP_CLIENT_V2_DISPLAY_REQUIREMENTS = [
  client({
    id: "client.v2.events.tool-call-partial-update",
    title:
      "where the client shows tool calls, a tool_call_update keeps the fields it omits (the title) and clears those it sends as null (the content)",
    level: "should",
    position: true,
    cite: `${TOOL_CALLS}#reporting`,
    rationale: `tool-calls.mdx defines tool_call_update as an upsert (omitted leaves the value, null clears it, content replaced whole) without a keyword for the client; the kit takes the position that a client showing a tool call shows it as those updates left it.${JUDGED}`,
  }),
  client({
    id: "client.v2.events.tool-call-chunks-compose",
    title:
      "where the client shows tool calls, a tool_call_content_chunk appends to the content, and a later tool_call_update with content replaces all of it, chunks included",
    level: "should",
    position: true,
    cite: `${TOOL_CALLS}#streaming-content`,
    rationale: `tool-calls.mdx says clients apply updates and chunks in order, a chunk appending and an update's content replacing what chunks accumulated, without a keyword; the kit takes the position that a client showing the content shows what that order leaves.${JUDGED}`,
  }),
  client({
    id: "client.v2.events.terminal-snapshot-replaces",
    title:
      "where the client shows display terminals, a terminal_update output snapshot replaces the bytes stored before it (they are not merged into it)",
    level: "must",
    cite: `${TOOL_CALLS}#display-only-terminals`,
    rationale: `tool-calls.mdx: a snapshot replaces all previously stored bytes; clients MUST NOT merge or splice bytes from the previous snapshot into it.${JUDGED}`,
  }),
  client({
    id: "client.v2.events.terminal-chunks-decoded-separately",
    title:
      "where the client shows display terminals, each terminal_output_chunk is decoded on its own and its bytes appended (the base64 strings are not joined first)",
    level: "must",
    cite: `${TOOL_CALLS}#display-only-terminals`,
    rationale: `tool-calls.mdx: clients decode each chunk separately and MUST NOT concatenate encoded strings before decoding. A first chunk whose base64 ends in padding makes the joined string lose or garble the second; a client that printed each chunk decoded as it came passes.${JUDGED}`,
  }),
  client({
    id: "client.v2.events.plans-by-id",
    title:
      "where the client shows plans, plans of different planIds coexist: updating one leaves the other as it was",
    level: "should",
    position: true,
    cite: PLAN, // the page's opening: planId lets clients track several plans independently
    rationale: `agent-plan.mdx gives plans a required planId so clients can track several independently, without a keyword; the kit takes the position that a client showing plans does not let one plan's update drop another.${JUDGED}`,
  }),
  client({
    id: "client.v2.events.plan-replaced",
    title: "where the client shows plans, each items plan_update replaces that plan's entries completely",
    level: "must",
    cite: `${PLAN}#updating-plans`,
    rationale: `agent-plan.mdx#updating-plans: the Client MUST replace the current contents of that plan completely.${JUDGED}`,
  }),
] as const satisfies readonly Requirement[];
