/**
 * framing: the ordinary turn with the agent's frames split, coalesced, CRLF-ended, and with a
 * stderr flood alongside. A robust client completes every one of them as it completes the
 * ordinary turn.
 */
import type { Scenario } from "../../kit/scenario.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { playOrdinaryTurn } from "./ordinary-turn.js";
import { checkTurnCompleted } from "./shared-checks.js";

export const splitFramesScenario: Scenario = {
  id: "client.framing.split-frames",
  title: "the agent's frames split into many small writes",
  mode: "client",
  requirements: ["client.framing.reassembles-split-frames"],
  async run(context) {
    const turn = await playOrdinaryTurn(context, { split: { pieces: 8, delayMs: 20 } });
    recordGenericClientChecks(context, turn.run);
    checkTurnCompleted(
      context,
      "client.framing.reassembles-split-frames",
      turn.run,
      turn.text,
      "whose frames came in 8 pieces each, 20 ms apart",
    );
  },
};

export const coalescedFramesScenario: Scenario = {
  id: "client.framing.coalesced-frames",
  title: "the agent's frames coalesced",
  mode: "client",
  requirements: ["client.framing.accepts-coalesced-frames"],
  async run(context) {
    const turn = await playOrdinaryTurn(context, { coalesce: true });
    recordGenericClientChecks(context, turn.run);
    checkTurnCompleted(
      context,
      "client.framing.accepts-coalesced-frames",
      turn.run,
      turn.text,
      "whose frames came several to a write",
    );
  },
};

export const crlfScenario: Scenario = {
  id: "client.framing.crlf",
  title: "the agent's frames end in CRLF",
  mode: "client",
  requirements: ["client.framing.accepts-crlf"],
  async run(context) {
    const turn = await playOrdinaryTurn(context, { crlf: true });
    recordGenericClientChecks(context, turn.run);
    checkTurnCompleted(
      context,
      "client.framing.accepts-crlf",
      turn.run,
      turn.text,
      "whose frames ended in CRLF",
    );
  },
};

export const stderrFloodScenario: Scenario = {
  id: "client.framing.stderr-flood",
  title: "the agent writes 1 MiB to stderr during the turn",
  mode: "client",
  requirements: ["client.framing.drains-stderr"],
  async run(context) {
    const turn = await playOrdinaryTurn(context, {}, 1024 * 1024);
    recordGenericClientChecks(context, turn.run);
    checkTurnCompleted(
      context,
      "client.framing.drains-stderr",
      turn.run,
      turn.text,
      "while the agent wrote 1 MiB to stderr",
    );
  },
};
