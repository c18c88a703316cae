/**
 * What a v2 agent does with the answers an elicitation can get besides a happy accept, as v1's
 * elicitation-answers.ts judges it: the kit declines, cancels and fails (JSON-RPC error) one
 * elicitation each, in three turns of one session, then asks once more and accepts. Each refused
 * turn must still end (in v2: its idle state_update) and the session must go on serving.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { describeTurnEnd, offerElicitation, turnEnded } from "../elicitation-support.js";
import { excerptAround, excerptBetween } from "../evidence.js";
import type { ElicitationAnswer } from "../serve-elicitation.js";
import { AgentV2UnderTest } from "./driver.js";

const REFUSALS = ["decline", "cancel", "error"] as const satisfies readonly ElicitationAnswer[];

export const elicitationRefusedV2Scenario: Scenario = {
  id: "agent.v2.elicitation.refused",
  title: "asked to elicit in three turns of one session: the kit declines, cancels, then fails the request",
  mode: "agent",
  requirements: ["agent.capabilities.elicitation-failure-handled"],
  needs: ["elicit-prompt"],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    const served = offerElicitation(agent, { form: {}, url: {} });
    await agent.handshake();
    const sessionId = await agent.newSession();
    const prompt = context.options.prompts.elicitPrompt!;
    const handled: string[] = [];
    for (const answer of REFUSALS) {
      served.otherwise = answer;
      const asked = served.exchanges.length;
      const turn = await agent.prompt(sessionId, prompt);
      if (served.exchanges.length === asked) continue;
      if (!turnEnded(turn)) {
        context.check({
          requirement: "agent.capabilities.elicitation-failure-handled",
          verdict: "fail",
          message: `the kit answered the agent's elicitation with ${answer}; the turn never ended (${describeTurnEnd(turn)})`,
          evidence: {
            transcript: excerptBetween(agent.transcript, turn.request.seq, agent.transcript.nextSeq),
          },
        });
        return;
      }
      handled.push(`${answer}: ${describeTurnEnd(turn)}`);
    }
    if (handled.length === 0) {
      context.check({
        requirement: "agent.capabilities.elicitation-failure-handled",
        verdict: "not-applicable",
        message: "asked three times, the agent sent no elicitation/create",
      });
      return;
    }
    served.otherwise = "accept";
    const after = await agent.prompt(sessionId, prompt);
    if (!turnEnded(after)) {
      context.check({
        requirement: "agent.capabilities.elicitation-failure-handled",
        verdict: "fail",
        message: `after the refused elicitations the agent stopped serving the session: the next prompt ${describeTurnEnd(after)}`,
        evidence: { transcript: excerptAround(agent.transcript, after.request.seq) },
      });
      return;
    }
    context.check({
      requirement: "agent.capabilities.elicitation-failure-handled",
      verdict: "pass",
      message: `each refused elicitation ended its turn (${handled.join("; ")}), and the session went on serving`,
    });
  },
};
