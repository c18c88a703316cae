/**
 * JSON-RPC batches from the agent, which v2 allows on the wire (transports.mdx, "JSON-RPC Batch
 * Messages"): in one v2 turn the kit's agent writes a batch of a session/update and two
 * permission requests, a batch of two session/update notifications, the empty batch [], and
 * the batch [1, a permission request]; then it finishes the turn. Between two batches it sends
 * a custom request alone (answered -32601 or otherwise) and waits for the answer, so whatever the
 * client writes for one batch is read before the next is written (a client reads its lines in
 * order), without racing a fixed delay on a loaded machine, and with no notification that a
 * client could wrongly answer with id null in between. The answers are found by the kit's request ids, and the
 * id-null ones (and any array) by the window between two batches.
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { describeExit, runClient, succeeded, type ClientRun } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const REQUIREMENTS = [
  "client.v2.jsonrpc.batch-accepted",
  "client.v2.jsonrpc.batch-answered-as-array",
  "client.v2.jsonrpc.batch-notifications-unanswered",
  "client.v2.jsonrpc.empty-batch-invalid-request",
  "client.v2.jsonrpc.batch-invalid-entry-error",
] as const satisfies readonly RequirementId[];

const chunk = (text: string) => ({
  jsonrpc: "2.0",
  method: "session/update",
  params: {
    sessionId: "{{sessionId}}",
    update: {
      sessionUpdate: "agent_message_chunk",
      messageId: `kit-batch-message-${text}`,
      content: { type: "text", text },
    },
  },
});
const permission = (id: string) => ({
  jsonrpc: "2.0",
  id,
  method: "session/request_permission",
  params: {
    sessionId: "{{sessionId}}",
    title: `Run the batched tool ${id}`,
    subject: { type: "tool_call", toolCall: { toolCallId: id, title: "A batched tool", status: "pending" } },
    options: [
      { optionId: "allow", name: "Allow once", kind: "allow_once" },
      { optionId: "reject", name: "Reject", kind: "reject_once" },
    ],
  },
});

type Line = { t: number; value: unknown };
type Response = { id: unknown; error?: { code?: unknown }; result?: unknown; line: Line };

const isResponse = (value: unknown): value is Omit<Response, "line"> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  !("method" in value) &&
  "id" in value;
const isInvalidRequest = (response: Omit<Response, "line">) =>
  response.id === null && response.error?.code === -32600;

/** What the client wrote, parsed, with the time the agent read it. */
function clientLines(run: ClientRun): Line[] {
  return run.events.flatMap((event) =>
    event.kind === "received" && event.message !== undefined ? [{ t: event.t, value: event.message }] : [],
  );
}

/** Every response in the lines, whether alone or inside an array. */
function responsesIn(lines: Line[]): Response[] {
  return lines.flatMap((line) =>
    (Array.isArray(line.value) ? line.value : [line.value]).flatMap((entry) =>
      isResponse(entry) ? [{ ...entry, line }] : [],
    ),
  );
}

export const batchesV2Scenario: Scenario = {
  id: "client.v2.jsonrpc.batches",
  title:
    "in a v2 turn the agent sends batches: an update with two permission requests, notifications alone, [], and [1, a request]",
  mode: "client",
  requirements: [...REQUIREMENTS],
  async run(context) {
    const [shown, noted, after] = [nonce("batched"), nonce("noted"), nonce("after")];
    const frames = {
      mixed: JSON.stringify([chunk(shown), permission("kit-batch-1"), permission("kit-batch-2")]),
      notes: JSON.stringify([chunk(noted), chunk(`${noted}-again`)]),
      empty: "[]",
      invalid: JSON.stringify([1, permission("kit-batch-3")]),
    };
    const run = await runClient(
      context,
      agentScriptV2([
        { delay: 1_500 }, // past the second the kit's agent lingers after its stdin closes: a client gone at the acknowledgment is sent nothing
        ...Object.values(frames).flatMap((frame) => [
          { frame },
          { request: { method: "_kit/between-batches", params: {} } },
        ]),
        { message: after },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientV2Checks(context, run);
    const sent = (marker: string) =>
      run.events.find((event) => event.kind === "sent" && event.text.includes(marker))?.t;
    const [mixedAt, notesAt, emptyAt, invalidAt] = [
      '"kit-batch-1"',
      `"${noted}-again"`,
      frames.empty,
      '"kit-batch-3"',
    ].map(sent);
    const lines = clientLines(run);
    const lastWrite = Math.max(0, ...lines.map((line) => line.t));
    if (
      mixedAt === undefined ||
      notesAt === undefined ||
      emptyAt === undefined ||
      invalidAt === undefined ||
      (lastWrite < mixedAt && succeeded(run))
    ) {
      for (const requirement of REQUIREMENTS)
        checkNotExercised(
          context,
          requirement,
          `the client's turn was over before the batches came (${describeExit(run)})`,
        );
      return;
    }
    const responses = responsesIn(lines);
    const answer = (id: string) => responses.find((response) => response.id === id);
    const kitIds = ["kit-batch-1", "kit-batch-2", "kit-batch-3"];
    // Each frame is followed by a _kit/between-batches request the kit's agent waits on, so a reply
    // to frame k comes before the client's answer to separator k. Bounded by line order where that
    // answer is seen: the reply, the answer and the next frame often share a millisecond.
    const separatorIds = run.events.flatMap((event) =>
      event.kind === "response" && event.method === "_kit/between-batches" ? [event.id] : [],
    );
    const separatorAnswered = (k: number) =>
      k < 0 || separatorIds[k] === undefined
        ? -1
        : lines.findIndex((line) => isResponse(line.value) && line.value.id === separatorIds[k]);
    const within = (k: number, from: number, to: number) => {
      const [start, end] = [separatorAnswered(k - 1), separatorAnswered(k)];
      return lines.filter(
        (line, at) => (start >= 0 ? at > start : line.t >= from) && (end >= 0 ? at <= end : line.t < to),
      );
    };
    const check = (requirement: RequirementId, problem: string | undefined, passed: string) =>
      context.check(
        problem
          ? { requirement, verdict: "fail", message: problem }
          : { requirement, verdict: "pass", message: passed },
      );

    // The batch of an update and two requests: each entry handled as if it came alone.
    const [first, second] = [answer("kit-batch-1"), answer("kit-batch-2")];
    const unanswered = [first, second].flatMap((got, index) =>
      got === undefined || !("result" in got) ? [`kit-batch-${index + 1}`] : [],
    );
    const showsText = run.output.includes(after);
    check(
      "client.v2.jsonrpc.batch-accepted",
      unanswered.length > 0
        ? `in the batch [session/update, two session/request_permission], ${unanswered.join(" and ")} got no result (${unanswered.map((id) => JSON.stringify(answer(id)?.error ?? "no answer")).join(", ")}; ${describeExit(run)})`
        : showsText && !run.output.includes(shown)
          ? `the client showed the agent's text but not ${JSON.stringify(shown)}, sent in a session/update inside the batch`
          : undefined,
      `both batched permission requests were answered${showsText ? " and the batched update's text was shown" : " (the client shows no agent text, so the batched update's was not judged)"}`,
    );
    const together = first && second && first.line === second.line && Array.isArray(first.line.value);
    if (!first || !second)
      checkNotExercised(
        context,
        "client.v2.jsonrpc.batch-answered-as-array",
        "the batch's requests were not both answered (client.v2.jsonrpc.batch-accepted judges that)",
      );
    else
      check(
        "client.v2.jsonrpc.batch-answered-as-array",
        together
          ? undefined
          : "the batch of two permission requests was not answered with one array holding both responses",
        "the batch of two permission requests was answered with one array holding both responses",
      );

    // No reply to a notification: none in the answer to the mixed batch, nothing at all for notifications alone.
    // A reply to a notification has id null (a notification has none), or is an entry of an answer array.
    const mixedExtras = responsesIn(within(0, mixedAt, notesAt)).filter(
      (response) =>
        response.id === null ||
        (Array.isArray(response.line.value) && !kitIds.includes(response.id as string)),
    );
    const notesReplies = within(1, notesAt, emptyAt).filter(
      (line) =>
        (Array.isArray(line.value) &&
          !responsesIn([line]).some((response) => kitIds.includes(response.id as string))) ||
        (isResponse(line.value) && line.value.id === null),
    );
    check(
      "client.v2.jsonrpc.batch-notifications-unanswered",
      mixedExtras.length > 0
        ? `the session/update inside the batch of two requests was answered: ${JSON.stringify(mixedExtras[0]).slice(0, 200)}`
        : notesReplies.length > 0
          ? `a batch of two session/update notifications got ${JSON.stringify(notesReplies[0]!.value).slice(0, 200)}; it must get nothing back`
          : undefined,
      "no response for the update inside the batch of requests, and nothing back for a batch of notifications alone",
    );

    // [] gets one error object, -32600 with id null.
    const emptyAnswer = within(2, emptyAt, invalidAt).find(
      (line) => Array.isArray(line.value) || (isResponse(line.value) && line.value.id === null),
    );
    check(
      "client.v2.jsonrpc.empty-batch-invalid-request",
      !emptyAnswer
        ? `the empty batch [] got no answer before the kit's next request was answered; it must get one Invalid Request error (-32600) with id null`
        : Array.isArray(emptyAnswer.value)
          ? `the empty batch [] was answered with the array ${JSON.stringify(emptyAnswer.value).slice(0, 200)}, not one error object`
          : !isInvalidRequest(emptyAnswer.value as Omit<Response, "line">)
            ? `the empty batch [] was answered ${JSON.stringify(emptyAnswer.value).slice(0, 200)}, not error -32600 with id null`
            : undefined,
      "the empty batch [] got one error object, -32600 with id null",
    );

    // [1, a request]: the entry 1 gets its own -32600 (id null), and the request its answer.
    const third = answer("kit-batch-3");
    const afterInvalid = responsesIn(lines.filter((line) => line.t >= invalidAt));
    const entryError =
      afterInvalid.find((response) => third && response.line === third.line && isInvalidRequest(response)) ??
      afterInvalid.find(isInvalidRequest);
    check(
      "client.v2.jsonrpc.batch-invalid-entry-error",
      !third
        ? `in the batch [1, a permission request], the request was not answered (${describeExit(run)}): one invalid entry must not fail the batch`
        : !entryError
          ? "in the batch [1, a permission request], the entry 1 got no Invalid Request error (-32600, id null)"
          : undefined,
      "in the batch [1, a permission request], the entry 1 got its own -32600 with id null and the request its answer",
    );
  },
};
