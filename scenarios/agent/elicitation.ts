/**
 * elicitation: the kit advertises one clientCapabilities.elicitation per agent process (left
 * out, {}, form only with url null, url only with form left out), serves the modes it
 * advertised (serve-elicitation.ts), and steers the agent (--elicit-prompt) to ask the user
 * something. What it answers and how the agent handles refusals is elicitation-answers.ts. An
 * agent that does not elicit here is not applicable, not failed.
 */
import type { Scenario } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import {
  checkCompleteKnownId,
  checkIdsUnique,
  checkNoUrlsInForms,
  checkValuesValidated,
} from "./elicitation-checks.js";
import { checkModesAdvertised, checkScopeMatches, offerElicitation } from "./elicitation-support.js";
import { describeOutcome, excerptAround } from "./evidence.js";

export const elicitationNoModeScenario: Scenario = {
  id: "agent.elicitation.no-mode",
  title: "asked to elicit, with elicitation left out, then (another process) as {}, which advertises no mode",
  mode: "agent",
  requirements: [
    "agent.capabilities.elicitation-modes-advertised",
    "agent.capabilities.elicitation-fallback",
  ],
  needs: ["elicit-prompt"],
  async run(context) {
    for (const elicitation of [undefined, {}]) {
      const agent = await AgentUnderTest.start(context);
      offerElicitation(agent, elicitation);
      await agent.handshake();
      const sessionId = await agent.newSession();
      const turn = await agent.prompt(sessionId, context.options.prompts.elicitPrompt!);
      checkModesAdvertised(agent, [turn]);
      const advertised = elicitation === undefined ? "left out" : JSON.stringify(elicitation);
      context.check(
        turn.outcome.kind === "response"
          ? {
              requirement: "agent.capabilities.elicitation-fallback",
              verdict: "pass",
              message: `asked to elicit with clientCapabilities.elicitation ${advertised}, the agent ended the turn (${describeOutcome(turn.outcome)})`,
            }
          : {
              requirement: "agent.capabilities.elicitation-fallback",
              verdict: "fail",
              message: `asked to elicit with clientCapabilities.elicitation ${advertised}, the agent had no fallback: the turn never ended (${describeOutcome(turn.outcome)})`,
              evidence: { transcript: excerptAround(agent.transcript, turn.request.seq) },
            },
      );
    }
  },
};

export const elicitationFormScenario: Scenario = {
  id: "agent.elicitation.form",
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
    const agent = await AgentUnderTest.start(context);
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

export const elicitationUrlScenario: Scenario = {
  id: "agent.elicitation.url",
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
    const agent = await AgentUnderTest.start(context);
    const served = offerElicitation(agent, { url: {} });
    await agent.handshake();
    const sessionId = await agent.newSession();
    const turns = [
      await agent.prompt(sessionId, context.options.prompts.elicitPrompt!),
      await agent.prompt(sessionId, context.options.prompts.elicitPrompt!),
    ];
    // An elicitation/complete may follow the turn's response: give it the time any answer gets.
    await agent.settle();
    checkModesAdvertised(agent, turns);
    checkIdsUnique(agent, served);
    checkCompleteKnownId(agent);
    checkScopeMatches(agent, turns);
  },
};
