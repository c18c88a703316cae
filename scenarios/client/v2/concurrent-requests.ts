/**
 * jsonrpc (v2): in a turn, the agent opens three requests at once, two permission requests (v2's
 * shape: a title and the tool call as subject) and a custom one; the client must answer each,
 * whatever order its answers take, as v1's client.jsonrpc.answers-concurrent-requests judges.
 * The requests come after a pause, so a client that ends its turn at the acknowledgment is gone
 * before them and is reported not tested.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { describeExit, runClient } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";
import { agentRequests, answersTo, describeAnswer, type Message } from "../wire-frames.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const TOOLS = ["kit-concurrent-a", "kit-concurrent-b"];
const permission = (toolCallId: string) => ({
  method: "session/request_permission",
  params: {
    sessionId: "{{sessionId}}",
    title: `Write ${toolCallId}.txt`,
    subject: {
      type: "tool_call",
      toolCall: { toolCallId, title: `Write ${toolCallId}.txt`, status: "pending" },
    },
    options: [
      { optionId: "allow", name: "Allow once", kind: "allow_once" },
      { optionId: "reject", name: "Reject", kind: "reject_once" },
    ],
  },
});
const toolCallOf = (params: Message) =>
  (params.subject as { toolCall?: { toolCallId?: unknown } } | undefined)?.toolCall?.toolCallId;

export const concurrentRequestsV2Scenario: Scenario = {
  id: "client.v2.jsonrpc.concurrent-requests",
  title: "in a v2 turn the agent opens two permission requests and a custom request at once",
  mode: "client",
  requirements: ["client.jsonrpc.answers-concurrent-requests"],
  async run(context) {
    const requirement = "client.jsonrpc.answers-concurrent-requests";
    const run = await runClient(
      context,
      agentScriptV2([
        { delay: 1_500 }, // past the second the kit's agent lingers after its stdin closes
        ...TOOLS.map((toolCallId) => ({
          toolCall: { toolCallId, title: `Write ${toolCallId}.txt`, kind: "edit", status: "pending" },
        })),
        {
          requestsAtOnce: {
            requests: [
              permission(TOOLS[0]!),
              permission(TOOLS[1]!),
              {
                method: "_kit/concurrent",
                params: { note: "a custom request, open beside two permission requests" },
              },
            ],
          },
        },
        { message: nonce("after-requests") },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientV2Checks(context, run);
    const sent = [
      ...agentRequests(run, "session/request_permission", (params) =>
        TOOLS.includes(String(toolCallOf(params))),
      ),
      ...agentRequests(run, "_kit/concurrent"),
    ];
    if (sent.length < 3) {
      checkNotExercised(
        context,
        requirement,
        `the agent never got to open its three requests at once (${describeExit(run)})`,
      );
      return;
    }
    const described = sent.map(({ message }) => ({
      name:
        message.method === "_kit/concurrent"
          ? "_kit/concurrent"
          : `permission for ${String(toolCallOf((message.params ?? {}) as Message))}`,
      answer: answersTo(run, message.id)[0]?.message,
    }));
    const unanswered = described.filter(({ answer }) => answer === undefined).map(({ name }) => name);
    context.check(
      unanswered.length > 0
        ? {
            requirement,
            verdict: "fail",
            message: `of three agent requests open at once, ${unanswered.join(" and ")} never got an answer (${describeExit(run)})`,
          }
        : {
            requirement,
            verdict: "pass",
            message: `three agent requests open at once were each answered: ${described.map(({ name, answer }) => `${name}: ${describeAnswer(answer)}`).join("; ")}`,
          },
    );
  },
};
