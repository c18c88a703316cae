/**
 * events, extensibility: one turn in which the kit's agent sends every session/update variant
 * of the stable v1 schema, then a later version's variants and fields, `_meta` everywhere and a
 * custom notification, a group at a time; the client must keep working through all of it.
 *
 * Each group is followed by a liveness probe, a custom request (`_kit/alive`) the agent waits
 * on: a client that answers it has read past the group and is still serving, whatever it
 * answers (-32601 is the right answer; that is client.extensibility.unknown-custom-request's to
 * judge). So the group after which the answers stop is the one that took the client down, and
 * the groups after it are not tested. One more probe before the first group shows the client
 * answers probes at all; without it nothing here is judged. A client that answers every probe
 * and then fails the turn is not tested either: the update it gave up over cannot be told.
 */
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import type { AgentAction } from "../../peers/script-types.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { clientMessages, describeExit, runClient, succeeded, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { checkNotExercised } from "./shared-checks.js";
import { UNKNOWN_TYPE_OPTION, updateGroups, type UpdateGroup } from "./update-payloads.js";

const PROBE = "_kit/alive";
const probe = (after: string): AgentAction => ({ request: { method: PROBE, params: { after } } });

type Message = Record<string, unknown>;

/** How many probes the client answered (the agent waits on each, so they are answered in order). */
function probesAnswered(run: ClientRun): number {
  return run.events.filter((event) => event.kind === "response" && event.method === PROBE).length;
}

/** Whether the client set the option whose type it cannot know. */
function setsUnknownTypeOption(run: ClientRun): Message | undefined {
  return clientMessages(run).find(
    (message) =>
      message.method === "session/set_config_option" &&
      (message.params as Message | undefined)?.configId === UNKNOWN_TYPE_OPTION,
  );
}

/** The extra judgement of a group the client survived; undefined when surviving is enough. */
function extraFailure(group: UpdateGroup, run: ClientRun, showsText: boolean): string | undefined {
  if (group.shownText && showsText && !run.output.includes(group.shownText))
    return `the client shows the agent's text (its output has the turn's last chunk) but not ${JSON.stringify(group.shownText)}, which came in ${group.what}`;
  if (group.requirement === "client.events.ignores-unknown-config-type") {
    const set = setsUnknownTypeOption(run);
    if (set) return `the client set the option of unknown type: ${JSON.stringify(set).slice(0, 300)}`;
  }
  return undefined;
}

function recordGroups(context: ScenarioContext, run: ClientRun, groups: UpdateGroup[], last: string): void {
  const answered = probesAnswered(run);
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
    } else if (answered === groups.length + 1 && !succeeded(run)) {
      checkNotExercised(
        context,
        requirement,
        `the client kept answering after every group, ${group.what} included, but did not complete the turn (${describeExit(run)}); which update, if any, made it give up cannot be told`,
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
              message: `after ${group.what}, the client answered the next probe (it read past them and kept serving), and the turn completed${group.shownText && showsText ? ", and it showed the text they carried" : ""}`,
            },
      );
    }
  });
}

export const updateVariantsScenario: Scenario = {
  id: "client.events.every-update-variant",
  title:
    "one turn carries every stable session/update variant, a later version's variants and fields, _meta everywhere and a custom notification",
  mode: "client",
  requirements: [
    "client.events.survives-message-chunks",
    "client.events.survives-tool-calls",
    "client.events.survives-agent-content",
    "client.events.survives-plan",
    "client.events.survives-mode-update",
    "client.events.survives-config-update",
    "client.events.ignores-unknown-config-type",
    "client.events.survives-session-info-update",
    "client.events.survives-usage-update",
    "client.extensibility.survives-unknown-update",
    "client.extensibility.accepts-meta",
    "client.extensibility.ignores-unknown-notification",
  ],
  async run(context) {
    const last = nonce("variants-last");
    const groups = updateGroups({ chunks: nonce("chunks"), unknown: nonce("unknown"), meta: nonce("meta") });
    const actions: AgentAction[] = [
      probe("nothing yet"),
      ...groups.flatMap((group) => [...group.actions, probe(group.requirement)]),
      { message: last },
      { stop: "end_turn" },
    ];
    const run = await runClient(context, agentScript(actions));
    recordGenericClientChecks(context, run);
    recordGroups(context, run, groups, last);
  },
};
