/**
 * JSON-RPC batches, which v2 allows on the wire (transports.mdx, "JSON-RPC Batch Messages"): one
 * run sends a batch of two requests and a notification, a batch of notifications alone, the empty
 * batch, and a batch with an invalid entry, each after the last was answered, and judges what came
 * back. The requests are a session/list and an unknown _ method, which any agent answers (with a
 * result or an error): the batch, not the method, is under test.
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { Scenario, ScenarioContext } from "../../../kit/scenario.js";
import { excerptBetween } from "../evidence.js";
import {
  type AgentLine,
  agentLinesAfter,
  isInvalidRequestWithNullId,
  responsesIn,
  waitForLines,
} from "./batch-lines.js";
import { AgentV2UnderTest } from "./driver.js";

const request = (id: string, method: string) => ({ jsonrpc: "2.0", id, method, params: {} });
const notification = { jsonrpc: "2.0", method: "_acp-conformance/batch-note", params: {} };
const UNKNOWN = "_acp-conformance/batch-probe";

const REQUIREMENTS = [
  "agent.v2.jsonrpc.batch-answered-as-array",
  "agent.v2.jsonrpc.batch-notifications-unanswered",
  "agent.v2.jsonrpc.empty-batch-invalid-request",
  "agent.v2.jsonrpc.batch-invalid-entry-error",
] as const satisfies readonly RequirementId[];

/** Writes one batch line and returns what the agent wrote until every id in `ids` is answered (or the deadline). */
async function sendBatch(agent: AgentV2UnderTest, batch: unknown[], ids: string[]): Promise<AgentLine[]> {
  const fromSeq = agent.transcript.nextSeq - 1;
  await agent.connection.sendRaw(JSON.stringify(batch));
  const answered = (lines: AgentLine[]) => {
    const got = new Set(responsesIn(lines).map((response) => response.id));
    return ids.every((id) => got.has(id));
  };
  await waitForLines(agent.transcript, fromSeq, answered, agent.answerWaitMs);
  // Whatever else it writes for this line (a reply to a notification, an invalid entry's error) comes
  // before its answer to a request sent after it.
  await agent.settle();
  // The answers to the kit's own requests (the settle above) are not the batch's.
  const kitIds = new Set(agent.connection.sent.map((sent) => JSON.stringify(sent.id)));
  return agentLinesAfter(agent.transcript, fromSeq).filter(
    (line) =>
      Array.isArray(line.value) || !kitIds.has(JSON.stringify((line.value as { id?: unknown } | null)?.id)),
  );
}

function judge(
  context: ScenarioContext,
  agent: AgentV2UnderTest,
  requirement: RequirementId,
  lines: AgentLine[],
  problem: string | undefined,
  passed: string,
): void {
  const fromSeq = (lines[0]?.seq ?? agent.transcript.nextSeq) - 2;
  context.check(
    problem
      ? {
          requirement,
          verdict: "fail",
          message: problem,
          evidence: { transcript: excerptBetween(agent.transcript, fromSeq, agent.transcript.nextSeq) },
        }
      : { requirement, verdict: "pass", message: passed },
  );
}

export const batchesV2Scenario: Scenario = {
  id: "agent.v2.jsonrpc.batches",
  title: "JSON-RPC batches: requests with a notification, notifications alone, empty, with an invalid entry",
  mode: "agent",
  requirements: [...REQUIREMENTS],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    await agent.handshake();
    const judged: number[] = [];

    const mixed = await sendBatch(
      agent,
      [request("kit-batch-1", "session/list"), notification, request("kit-batch-2", UNKNOWN)],
      ["kit-batch-1", "kit-batch-2"],
    );
    const mixedResponses = responsesIn(mixed);
    const together = mixed.find(
      (line) =>
        Array.isArray(line.value) &&
        ["kit-batch-1", "kit-batch-2"].every((id) =>
          responsesIn([line]).some((response) => response.id === id),
        ),
    );
    const missing = ["kit-batch-1", "kit-batch-2"].filter(
      (id) => !mixedResponses.some((response) => response.id === id),
    );
    judge(
      context,
      agent,
      "agent.v2.jsonrpc.batch-answered-as-array",
      mixed,
      together
        ? undefined
        : missing.length > 0
          ? `a batch of session/list, a notification and ${UNKNOWN}: no response for ${missing.join(" and ")} within ${agent.answerWaitMs} ms`
          : "a batch of two requests and a notification was answered one response per line, not with one array of both",
      "a batch of two requests and a notification was answered with one array holding both responses",
    );
    const strays = mixedResponses.filter(
      (response) => response.id !== "kit-batch-1" && response.id !== "kit-batch-2",
    );

    const notesFrom = agent.transcript.nextSeq - 1;
    const notesOnly = await sendBatch(agent, [notification, notification], []);
    const notesReplies = notesOnly.filter(
      (line) => Array.isArray(line.value) || responsesIn([line]).some((response) => response.id === null),
    );
    judge(
      context,
      agent,
      "agent.v2.jsonrpc.batch-notifications-unanswered",
      [...mixed, ...notesOnly],
      strays.length > 0
        ? `the notification in a batch of two requests was answered: ${JSON.stringify(strays[0])}`
        : notesReplies.length > 0
          ? `a batch of two notifications got ${JSON.stringify(notesReplies[0]!.value)}; it must get nothing back`
          : undefined,
      "no response for the notification in a mixed batch, and nothing back for a batch of notifications alone",
    );
    judged.push(...notesOnly.filter((line) => line.seq > notesFrom).map((line) => line.seq));

    const empty = await sendBatch(agent, [], []);
    const emptyAnswer = empty.find((line) => line.value !== null && typeof line.value === "object");
    const emptyFirst = emptyAnswer?.value as { id?: unknown; error?: { code?: unknown } } | undefined;
    judge(
      context,
      agent,
      "agent.v2.jsonrpc.empty-batch-invalid-request",
      empty,
      !emptyAnswer
        ? "the empty batch [] got no answer; it must get one Invalid Request error (-32600) with id null"
        : Array.isArray(emptyAnswer.value)
          ? `the empty batch [] was answered with the array ${JSON.stringify(emptyAnswer.value)}, not one error object`
          : !isInvalidRequestWithNullId(emptyFirst!)
            ? `the empty batch [] was answered ${JSON.stringify(emptyAnswer.value)}, not error -32600 with id null`
            : undefined,
      "the empty batch [] got one error object, -32600 with id null",
    );

    const invalid = await sendBatch(agent, [1, request("kit-batch-3", UNKNOWN)], ["kit-batch-3"]);
    const invalidResponses = responsesIn(invalid);
    judge(
      context,
      agent,
      "agent.v2.jsonrpc.batch-invalid-entry-error",
      invalid,
      !invalidResponses.some((response) => response.id === "kit-batch-3")
        ? "in the batch [1, a request], the request was not answered: one invalid entry must not fail the batch"
        : !invalidResponses.some(isInvalidRequestWithNullId)
          ? "in the batch [1, a request], the invalid entry 1 got no Invalid Request error (-32600, id null)"
          : undefined,
      "in the batch [1, a request], the entry 1 got its own -32600 with id null and the request its answer",
    );

    // The lines this scenario judged are batch answers (or misanswers judged above), not stray
    // output for the framing and pairing checks every run records.
    for (const line of [...mixed, ...empty, ...invalid]) judged.push(line.seq);
    const batchIds = new Set(["kit-batch-1", "kit-batch-2", "kit-batch-3"]);
    const answeredSingly = new Set(
      [...mixedResponses, ...invalidResponses]
        .filter((response) => !response.inArray && batchIds.has(response.id as string))
        .map((response) => response.seq),
    );
    agent.connection.claimProblems(
      (problem) =>
        (problem.kind === "not-a-message" && judged.includes(problem.seq)) ||
        (problem.kind === "unsolicited-response" && answeredSingly.has(problem.seq)),
    );
  },
};
