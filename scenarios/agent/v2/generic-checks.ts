/**
 * Checks recorded over every v2 run. The transport's (framing, JSON-RPC envelope, deadlines) are
 * v1's, since v2 changes none of it; the payloads are held to the v2 schema; and every prompt turn
 * the kit ran is judged as v2 runs a turn (turn-checks.ts), with what a v2 agent must never send
 * (removed-surface-checks.ts).
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import { checkFrameProblems, recordRequestDeadlines, recordWireFrameChecks } from "../generic-checks.js";
import type { V2RunRecord } from "./v2-run-record.js";
import { recordRemovedSurfaceChecks } from "./removed-surface-checks.js";
import { recordTurnChecks } from "./turn-checks.js";
import { recordTurnOutcomeChecks } from "./turn-outcome-checks.js";
import { recordCustomValueChecks } from "./custom-value-checks.js";
import { recordExtensionNameChecks } from "../extension-names.js";

export const GENERIC_AGENT_V2_REQUIREMENTS = [
  "agent.framing.stdout-only-jsonrpc",
  "agent.framing.utf8",
  "agent.limits.stdout-line-bounded",
  "agent.jsonrpc.version-field",
  "agent.jsonrpc.envelope",
  "agent.jsonrpc.one-response-per-request",
  "agent.timeouts.request-answered",
  "agent.v2.schema.valid-payloads",
  "agent.v2.prompt.acknowledged-without-stop-reason",
  "agent.v2.prompt.user-message-reported",
  "agent.v2.prompt.running-before-output",
  "agent.v2.prompt.ends-idle-with-stop-reason",
  "agent.v2.prompt.message-ids-distinct",
  "agent.v2.prompt.cancelled-only-when-cancelled",
  "agent.v2.prompt.final-tool-status",
  "agent.v2.capabilities.no-client-fs-terminal",
  "agent.v2.schema.no-removed-updates",
  "agent.v2.extensibility.custom-values-prefixed",
  "agent.extensibility.custom-methods-prefixed",
  "agent.extensibility.trace-context-keys",
] as const satisfies readonly RequirementId[];

export function recordV2GenericChecks(agent: V2RunRecord): void {
  const { connection } = agent;
  const frames = connection.received.length;
  if (frames === 0 && connection.problems.length === 0) return; // nothing seen, nothing to claim
  recordWireFrameChecks(agent);
  if (agent.schemaVersion === 2) {
    // An initialize answered with another version (a v1-only agent says 1) is that version's
    // frame, not v2's: the version it names is judged by the preflight and initialization.ts.
    const otherVersion = new Set(
      connection.received
        .filter((incoming) => {
          if (incoming.answers !== "initialize" || incoming.message.kind !== "response") return false;
          const result = (incoming.value as { result?: { protocolVersion?: unknown } }).result;
          return result !== undefined && result.protocolVersion !== 2;
        })
        .map((incoming) => incoming.seq),
    );
    checkFrameProblems(
      agent,
      "agent.v2.schema.valid-payloads",
      ["schema"],
      `${frames} frames, every ACP payload valid against the v2 schema`,
      (problem) => otherVersion.has(problem.seq),
    );
  }
  checkFrameProblems(
    agent,
    "agent.jsonrpc.one-response-per-request",
    ["duplicate-response", "unsolicited-response"],
    `${connection.countedRequests().length} requests, none answered twice, no stray responses`,
  );
  recordRequestDeadlines(agent);
  recordTurnChecks(agent);
  recordTurnOutcomeChecks(agent);
  recordRemovedSurfaceChecks(agent);
  if (agent.schemaVersion === 2) {
    recordCustomValueChecks(agent);
    // Calls to fs/* and terminal/* are agent.v2.capabilities.no-client-fs-terminal's finding.
    recordExtensionNameChecks(agent, {
      version: 2,
      judgedElsewhere: (method) => /^(fs|terminal)\//.test(method),
    });
  }
}
