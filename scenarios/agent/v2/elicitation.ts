/**
 * Elicitation in v2 (elicitation.mdx): v1's scenarios (../elicitation.ts) on a v2 connection.
 * The kit advertises one `capabilities.elicitation` per agent process (left out, {}, form only
 * with url null, url only with form left out), serves the modes it advertised
 * (../serve-elicitation.ts, through kit-client-v2.ts), steers the agent (--elicit-prompt) to ask
 * the user something, and records v1's checks, which are the same on both wires; a v2 turn ends
 * at its idle state_update rather than with the session/prompt answer. An agent that does not
 * elicit here is not applicable, not failed.
 */
import type { Scenario } from "../../../kit/scenario.js";
import {
  checkCompleteKnownId,
  checkIdsUnique,
  checkNoUrlsInForms,
  checkValuesValidated,
} from "../elicitation-checks.js";
import {
  checkModesAdvertised,
  checkScopeMatches,
  describeTurnEnd,
  offerElicitation,
  turnEnded,
} from "../elicitation-support.js";
import { excerptAround } from "../evidence.js";
import { AgentV2UnderTest } from "./driver.js";

export const elicitationNoModeV2Scenario: Scenario = {
  id: "agent.v2.elicitation.no-mode",
  title: "asked to elicit, with elicitation left out, then (another process) as {}, which advertises no mode",
  mode: "agent",
  requirements: [
    "agent.capabilities.elicitation-modes-advertised",
    "agent.capabilities.elicitation-fallback",
  ],
  needs: ["elicit-prompt"],
  async run(context) {
    for (const elicitation of [undefined, {}]) {
      const agent = await AgentV2UnderTest.start(context);
      offerElicitation(agent, elicitation);
      await agent.handshake();
      const sessionId = await agent.newSession();
      const turn = await agent.prompt(sessionId, context.options.prompts.elicitPrompt!);
      checkModesAdvertised(agent, [turn]);
      const advertised = elicitation === undefined ? "left out" : JSON.stringify(elicitation);
      context.check(
        turnEnded(turn)
          ? {
              requirement: "agent.capabilities.elicitation-fallback",
              verdict: "pass",
              message: `asked to elicit with capabilities.elicitation ${advertised}, the agent ended the turn (${describeTurnEnd(turn)})`,
            }
          : {
              requirement: "agent.capabilities.elicitation-fallback",
              verdict: "fail",
              message: `asked to elicit with capabilities.elicitation ${advertised}, the agent had no fallback: the turn never ended (${describeTurnEnd(turn)})`,
              evidence: { transcript: excerptAround(agent.transcript, turn.request.seq) },
            },
      );
    }
  },
};

export const elicitationFormV2Scenario: Scenario = {
  id: "agent.v2.elicitation.form",
  title: "asked to elicit, with only form advertised (url null); the first answer breaks the form's schema",
  mode: "agent",
  requirements: [
    "agent.capabilities.elicitation-modes-advertised",
    "agent.capabilities.elicitation-values-validated",
    "agent.capabilities.elicitation-no-urls-in-forms",
    "agent.capabilities.elicitation-scope-matches",
  ],
  needs: ["elicit-prompt"],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    const served = offerElicitation(agent, { form: {}, url: null });
    served.plan.push("accept-invalid");
    await agent.handshake();
    const sessionId = await agent.newSession();
    const turn = await agent.prompt(sessionId, context.options.prompts.elicitPrompt!);
    checkModesAdvertised(agent, [turn]);
    checkValuesValidated(agent, served, turn);
    checkNoUrlsInForms(agent);
    checkScopeMatches(agent, [turn]);
  },
};

export const elicitationUrlV2Scenario: Scenario = {
  id: "agent.v2.elicitation.url",
  title: "asked to elicit twice, with only url advertised (form left out); both accepted",
  mode: "agent",
  requirements: [
    "agent.capabilities.elicitation-modes-advertised",
    "agent.capabilities.elicitation-ids-unique",
    "agent.capabilities.elicitation-complete-known-id",
    "agent.capabilities.elicitation-scope-matches",
  ],
  needs: ["elicit-prompt"],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    const served = offerElicitation(agent, { url: {} });
    await agent.handshake();
    const sessionId = await agent.newSession();
    const turns = [
      await agent.prompt(sessionId, context.options.prompts.elicitPrompt!),
      await agent.prompt(sessionId, context.options.prompts.elicitPrompt!),
    ];
    // An elicitation/complete may follow the turn's end: give it the time any answer gets.
    await agent.settle();
    checkModesAdvertised(agent, turns);
    checkIdsUnique(agent, served);
    checkCompleteKnownId(agent);
    checkScopeMatches(agent, turns);
  },
};
