/**
 * initialization (v2): version negotiation from the client's side (initialization.mdx#protocol-version,
 * migration.mdx#version-negotiation). The kit's v1 agent answers protocolVersion 1 to the
 * client's 2: the client may close the connection, or go on in v1 for the whole connection (v1
 * payloads, and a turn that ends at the v1 prompt response, since no idle state_update will
 * come). The kit's v2 agent answers 999: the client goes no further (v1's check, the same here).
 */
import type { Scenario, ScenarioContext } from "../../../kit/scenario.js";
import { AcpSchema, formatIssues } from "../../../kit/wire/schema.js";
import { agentScript, nonce } from "../agent-scripts.js";
import { describeExit, runClient, type ClientRun } from "../driver.js";
import { judgeUnsupportedVersion } from "../initialization.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

export const answeredOneScenario: Scenario = {
  id: "client.v2.initialization.answered-1",
  title: "the agent answers initialize with protocolVersion 1 (a v1-only agent)",
  mode: "client",
  requirements: ["client.v2.initialization.answered-1"],
  async run(context) {
    const text = nonce("v1-turn");
    const run = await runClient(context, agentScript([{ message: text }, { stop: "end_turn" }]));
    recordGenericClientV2Checks(context, run, { answeredV1: true });
    judgeAnsweredOne(context, run);
  },
};

/** The client's frames after the agent's initialize answer: what it did once it knew the version. */
function framesAfterAnswer(run: ClientRun): Array<Record<string, unknown>> {
  const answeredAt = run.events.findIndex(
    (event) =>
      event.kind === "sent" && event.text.includes('"protocolVersion":1') && event.text.includes('"result"'),
  );
  if (answeredAt === -1) return [];
  return run.events
    .slice(answeredAt)
    .flatMap((event) =>
      event.kind === "received" && event.message && typeof event.message === "object"
        ? [event.message as Record<string, unknown>]
        : [],
    );
}

function judgeAnsweredOne(context: ScenarioContext, run: ClientRun): void {
  const requirement = "client.v2.initialization.answered-1";
  const after = framesAfterAnswer(run);
  const requests = after.filter((frame) => typeof frame.method === "string" && "id" in frame);
  if (requests.length === 0) {
    context.check(
      run.timedOut
        ? {
            requirement,
            verdict: "fail",
            message:
              "answered 1, the client neither spoke v1 nor closed the connection: it was still running at --client-timeout",
          }
        : {
            requirement,
            verdict: "pass",
            message: `answered 1, the client sent nothing more (it does not speak v1); ${describeExit(run)}`,
          },
    );
    return;
  }
  const v1 = AcpSchema.load();
  const problems: string[] = [];
  for (const frame of after) {
    if (typeof frame.method !== "string") continue;
    if (!v1.methods.has(frame.method) && !frame.method.startsWith("_"))
      problems.push(`it sent ${frame.method}, which is not a v1 method`);
    const issues = v1.validateParams(frame.method, frame.params);
    if (issues?.length) problems.push(`its ${frame.method} params are not v1's: ${formatIssues(issues)}`);
  }
  const prompted = requests.some((frame) => frame.method === "session/prompt");
  if (prompted && (run.timedOut || run.exit?.code !== 0))
    problems.push(
      `its turn, answered end_turn by the v1 prompt response, did not end there: ${describeExit(run)} (no idle state_update comes in v1)`,
    );
  context.check(
    problems.length > 0
      ? {
          requirement,
          verdict: "fail",
          message: `answered 1, the client went on but not in v1: ${problems[0]}`,
          evidence: { details: problems.slice(0, 10) },
        }
      : {
          requirement,
          verdict: "pass",
          message: `answered 1, the client went on in v1: ${requests.length} request(s), all v1's${prompted ? ", its turn ending at the prompt response" : ""}; ${describeExit(run)}`,
        },
  );
}

export const unsupportedVersionV2Scenario: Scenario = {
  id: "client.v2.initialization.version-999",
  title: "the v2 agent answers initialize with protocolVersion 999",
  mode: "client",
  requirements: ["client.initialization.refuses-unsupported-version"],
  async run(context) {
    const run = await runClient(
      context,
      agentScriptV2([{ message: nonce("too-far") }, { stop: "end_turn" }], {
        initialize: { protocolVersion: 999 },
      }),
    );
    recordGenericClientV2Checks(context, run);
    judgeUnsupportedVersion(context, run);
  },
};
