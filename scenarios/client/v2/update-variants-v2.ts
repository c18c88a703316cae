/**
 * events, permission, extensibility (v2): one turn in which the kit's v2 agent sends every v2
 * session/update variant, permission requests of every subject, the values and `_meta` an
 * extension or a later draft may send and a custom notification, a group at a time
 * (update-payloads-v2.ts), then its last text and the idle state_update with end_turn.
 *
 * As in v1's update-variants.ts, each group is followed by a liveness probe, a custom request
 * (`_kit/alive`) the agent waits on: a client that answers it read past the group and is still
 * serving, so the group after which the answers stop is the one that took the client down, and
 * the groups after it are not tested. One probe before the first group shows the client answers
 * probes at all. The probes' answers are also judged themselves (-32601 for a method the client
 * does not know), and so are the permission requests' outcomes; a client that prints the agent's
 * text (the last text is in its output) must print the texts the groups carried and not the one
 * sent for another session, and never set the config option of a type it cannot know. (A custom stop reason is stop-reasons.ts's.) What the client sends in v2's
 * open enums over the run is judged by custom-values-checks.ts.
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { Scenario, ScenarioContext } from "../../../kit/scenario.js";
import type { AgentAction } from "../../../peers/script-types.js";
import { nonce } from "../agent-scripts.js";
import { clientMessages, describeExit, runClient, type ClientRun } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";
import type { UpdateGroup } from "../update-group.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { cancelledRequestProblem } from "./cancel-request-checks.js";
import { judgeCustomValues } from "./custom-values-checks.js";
import { urlElicitationInapplicable, urlElicitationProblem } from "./elicitation-checks-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";
import { judgePermissionOutcomes, permissionAnswers } from "./permission-answers-v2.js";
import { updateGroupsV2 } from "./update-payloads-v2.js";
import { UNKNOWN_TYPE_OPTION_V2 } from "./update-payloads-v2-session-state.js";

const PROBE = "_kit/alive";
const probe = (after: string): AgentAction => ({ request: { method: PROBE, params: { after } } });

type Response = { error?: unknown; result?: unknown };

function probeAnswers(run: ClientRun): Response[] {
  return run.events.flatMap((event) => (event.kind === "response" && event.method === PROBE ? [event] : []));
}

const FOREIGN = "client.v2.session-matching.ignores-foreign-updates";
const URL_ELICITATION = "client.v2.capabilities.elicitation-mode-refused";

/** The extra judgement of a group the client read past; undefined when reading past it is enough. */
function extraFailure(
  group: UpdateGroup,
  run: ClientRun,
  showsText: boolean,
  foreign: string,
): string | undefined {
  if (group.requirement === FOREIGN && run.output.includes(foreign))
    return "the client showed the text of an agent message chunk sent for another sessionId (foreign-session) as this session's";
  if (group.shownText && showsText && !run.output.includes(group.shownText))
    return `the client shows the agent's text (its output has the turn's last chunk) but not ${JSON.stringify(group.shownText)}, which came in ${group.what}`;
  if (group.requirement === "client.v2.cancellation.cancel-request-answered")
    return cancelledRequestProblem(run);
  if (group.requirement === URL_ELICITATION) return urlElicitationProblem(run);
  if (group.requirement === "client.events.ignores-unknown-config-type") {
    // session-config-options.mdx: a client ignores an option of a type it does not know; the agent keeps its currentValue.
    const set = clientMessages(run).find(
      (message) =>
        message.method === "session/set_config_option" &&
        (message.params as { configId?: unknown } | undefined)?.configId === UNKNOWN_TYPE_OPTION_V2,
    );
    if (set) return `the client set the option of unknown type: ${JSON.stringify(set).slice(0, 300)}`;
  }
  if (group.requirement === "client.v2.permission.answers-any-subject") {
    const refused = permissionAnswers(run).find((answer) => answer.error !== undefined);
    if (refused)
      return `the client answered a permission request (${refused.title}) with an error, ${JSON.stringify(refused.error).slice(0, 200)}, not an outcome`;
  }
  return undefined;
}

/** `last` is the turn's last text (the client shows the agent's text when its output has it); `foreign` the text sent for another session. */
function recordGroups(
  context: ScenarioContext,
  run: ClientRun,
  groups: UpdateGroup[],
  texts: { last: string; foreign: string },
): void {
  const answered = probeAnswers(run).length;
  const showsText = run.output.includes(texts.last);
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
    } else if (group.requirement === URL_ELICITATION && urlElicitationInapplicable(run)) {
      context.check({ requirement, verdict: "not-applicable", message: urlElicitationInapplicable(run)! });
    } else if (
      group.requirement === FOREIGN &&
      !showsText &&
      !extraFailure(group, run, showsText, texts.foreign)
    ) {
      checkNotExercised(
        context,
        requirement,
        "the client read past the update for another session but shows none of the agent's text, so whether it took it for this session's cannot be told",
      );
    } else {
      const failure = extraFailure(group, run, showsText, texts.foreign);
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

const GROUP_REQUIREMENTS = updateGroupsV2({ messages: "", meta: "", foreign: "" }).map(
  (group) => group.requirement,
);

export const updateVariantsV2Scenario: Scenario = {
  id: "client.v2.events.every-update-variant",
  title:
    "one v2 turn carries every v2 session/update variant, permission requests of every subject, unknown values, _meta, another session's update and a custom notification",
  mode: "client",
  requirements: [
    ...GROUP_REQUIREMENTS,
    "client.v2.permission.valid-outcome",
    "client.v2.extensibility.unknown-request-answered",
    "client.v2.extensibility.custom-values-prefixed",
  ] satisfies RequirementId[],
  async run(context) {
    const last = nonce("variants-v2-last");
    const foreign = nonce("foreign");
    const groups = updateGroupsV2({ messages: nonce("messages"), meta: nonce("meta"), foreign });
    const actions: AgentAction[] = [
      // Past the second the kit's agent lingers after its stdin closes, so a client gone at the acknowledgment gets nothing more (prompt-turn.ts judges it).
      { delay: 2_000 },
      probe("nothing yet"),
      ...groups.flatMap((group) => [...group.actions, probe(group.requirement)]),
      { message: last },
      { stop: "end_turn" },
    ];
    const run = await runClient(context, agentScriptV2(actions));
    recordGenericClientV2Checks(context, run);
    recordGroups(context, run, groups, { last, foreign });
    judgePermissionOutcomes(context, run);
    judgeProbeAnswers(context, run);
    judgeCustomValues(context, run);
  },
};
