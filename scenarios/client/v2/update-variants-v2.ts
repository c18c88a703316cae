/**
 * events, permission, extensibility (v2): one turn in which the kit's v2 agent sends every v2
 * session/update variant, permission requests of every subject, the values and `_meta` an
 * extension or a later draft may send and a custom notification, a group at a time
 * (update-payloads-v2.ts), and ends the turn with a custom stop reason, `_kit_stop`.
 *
 * As in v1's update-variants.ts, each group is followed by a liveness probe, a custom request
 * (`_kit/alive`) the agent waits on: a client that answers it read past the group and is still
 * serving, so the group after which the answers stop is the one that took the client down, and
 * the groups after it are not tested. One probe before the first group shows the client answers
 * probes at all. The probes' answers are also judged themselves (-32601 for a method the client
 * does not know), and so are the permission requests' outcomes. The custom stop reason is judged
 * as one more stop reason: a client that read everything must then end the turn by itself (its
 * exit code is its own policy, as with v2's other stop reasons). What the client sends in v2's
 * open enums over the run is judged by custom-values-checks.ts.
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { Scenario, ScenarioContext } from "../../../kit/scenario.js";
import type { AgentAction } from "../../../peers/script-types.js";
import { nonce } from "../agent-scripts.js";
import { describeExit, runClient, type ClientRun } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";
import type { UpdateGroup } from "../update-group.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { judgeCustomValues } from "./custom-values-checks.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";
import { judgePermissionOutcomes, permissionAnswers } from "./permission-answers-v2.js";
import { updateGroupsV2 } from "./update-payloads-v2.js";

const PROBE = "_kit/alive";
const CUSTOM_STOP = "_kit_stop";
const probe = (after: string): AgentAction => ({ request: { method: PROBE, params: { after } } });

type Response = { error?: unknown; result?: unknown };

function probeAnswers(run: ClientRun): Response[] {
  return run.events.flatMap((event) => (event.kind === "response" && event.method === PROBE ? [event] : []));
}

/** The extra judgement of a group the client read past; undefined when reading past it is enough. */
function extraFailure(group: UpdateGroup, run: ClientRun, showsText: boolean): string | undefined {
  if (group.shownText && showsText && !run.output.includes(group.shownText))
    return `the client shows the agent's text (its output has the turn's last chunk) but not ${JSON.stringify(group.shownText)}, which came in ${group.what}`;
  if (group.requirement === "client.v2.permission.answers-any-subject") {
    const refused = permissionAnswers(run).find((answer) => answer.error !== undefined);
    if (refused)
      return `the client answered a permission request (${refused.title}) with an error, ${JSON.stringify(refused.error).slice(0, 200)}, not an outcome`;
  }
  return undefined;
}

function recordGroups(context: ScenarioContext, run: ClientRun, groups: UpdateGroup[], last: string): void {
  const answered = probeAnswers(run).length;
  const showsText = run.output.includes(last);
  groups.forEach((group, index) => {
    const requirement = group.requirement;
    if (answered === 0) {
      checkNotExercised(
        context,
        requirement,
        `the client answered none of the agent's ${PROBE} probes, not even the one before any update (${describeExit(run)}), so what it survived cannot be told`,
      );
    } else if (answered < index + 1) {
      checkNotExercised(
        context,
        requirement,
        `the client stopped answering at an earlier group, so it never read ${group.what}`,
      );
    } else if (answered === index + 1) {
      context.check({
        requirement,
        verdict: "fail",
        message: `after ${group.what}, the client answered no further ${PROBE} probe: ${describeExit(run)}; expected it to keep working and finish the turn`,
        evidence: { stderrTail: run.stderrTail },
      });
    } else {
      const failure = extraFailure(group, run, showsText);
      context.check(
        failure
          ? { requirement, verdict: "fail", message: failure }
          : {
              requirement,
              verdict: "pass",
              message: `after ${group.what}, the client answered the next probe (it read past them and kept serving)${group.shownText && showsText ? ", and it showed the text they carried" : ""}`,
            },
      );
    }
  });
}

function judgeProbeAnswers(context: ScenarioContext, run: ClientRun): void {
  const requirement = "client.v2.extensibility.unknown-request-answered";
  const answers = probeAnswers(run);
  const wrong = answers.find(
    (answer) => answer.error !== undefined && (answer.error as { code?: unknown } | null)?.code !== -32601,
  );
  if (answers.length === 0)
    checkNotExercised(
      context,
      requirement,
      `the client answered none of the ${PROBE} requests (${describeExit(run)})`,
    );
  else if (wrong)
    context.check({
      requirement,
      verdict: "fail",
      message: `the client answered the custom request ${PROBE}, a method it does not know, with ${JSON.stringify(wrong.error).slice(0, 200)}; expected error -32601 (Method not found)`,
    });
  else
    context.check({
      requirement,
      verdict: "pass",
      message: `the client answered all ${answers.length} ${PROBE} request(s) with ${answers.every((answer) => answer.error !== undefined) ? "error -32601" : "-32601 or a result"}`,
    });
}

function judgeCustomStop(context: ScenarioContext, run: ClientRun, probes: number): void {
  const requirement = "client.v2.prompt.ends-turn-on-every-stop-reason";
  if (probeAnswers(run).length < probes)
    checkNotExercised(
      context,
      requirement,
      `the client did not read the whole turn, so the idle state_update with stopReason ${CUSTOM_STOP} was not judged here`,
    );
  else if (run.timedOut || !run.exit || run.exit.code === null)
    context.check({
      requirement,
      verdict: "fail",
      message: `the turn went idle with the custom stopReason ${CUSTOM_STOP}: ${describeExit(run)}; expected the client to end the turn (a generic stopped state) and exit by itself`,
      evidence: { stderrTail: run.stderrTail, timings: { durationMs: run.durationMs } },
    });
  else
    context.check({
      requirement,
      verdict: "pass",
      message: `the turn went idle with the custom stopReason ${CUSTOM_STOP}: the client ended the turn and exited with code ${run.exit.code}`,
    });
}

const GROUP_REQUIREMENTS = updateGroupsV2({ messages: "", meta: "" }).map((group) => group.requirement);

export const updateVariantsV2Scenario: Scenario = {
  id: "client.v2.events.every-update-variant",
  title:
    "one v2 turn carries every v2 session/update variant, permission requests of every subject, unknown values, _meta and a custom notification, and ends with a custom stop reason",
  mode: "client",
  requirements: [
    ...GROUP_REQUIREMENTS,
    "client.v2.permission.valid-outcome",
    "client.v2.extensibility.unknown-request-answered",
    "client.v2.prompt.ends-turn-on-every-stop-reason",
    "client.v2.extensibility.custom-values-prefixed",
  ] satisfies RequirementId[],
  async run(context) {
    const last = nonce("variants-v2-last");
    const groups = updateGroupsV2({ messages: nonce("messages"), meta: nonce("meta") });
    const actions: AgentAction[] = [
      // Past the second the kit's agent lingers after its stdin closes, so a client gone at the acknowledgment gets nothing more (prompt-turn.ts judges it).
      { delay: 2_000 },
      probe("nothing yet"),
      ...groups.flatMap((group) => [...group.actions, probe(group.requirement)]),
      { message: last },
      { stop: CUSTOM_STOP },
    ];
    const run = await runClient(context, agentScriptV2(actions));
    recordGenericClientV2Checks(context, run);
    recordGroups(context, run, groups, last);
    judgePermissionOutcomes(context, run);
    judgeProbeAnswers(context, run);
    judgeCustomStop(context, run, groups.length + 1);
    judgeCustomValues(context, run);
  },
};
