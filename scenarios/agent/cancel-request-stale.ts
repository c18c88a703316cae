/**
 * `$/cancel_request` is a notification whatever it names: the kit sends it for a prompt the
 * agent already answered and for an id it never used, and expects no reply to either (a
 * receiver that knows no such pending request simply has nothing to cancel), and the session
 * to go on answering prompts.
 */
import type { Scenario } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import { claimRepliesWithoutId } from "./notification-replies.js";
import { describeOutcome, excerptBetween } from "./evidence.js";

const NEVER_SENT_ID = "acp-conformance-never-sent";

export const staleCancelRequestScenario: Scenario = {
  id: "agent.cancellation.cancel-request-stale",
  title: "$/cancel_request for a request already answered and for an id never sent",
  mode: "agent",
  requirements: ["agent.jsonrpc.no-reply-to-notification"],
  needs: ["prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    const prompt = context.options.prompts.prompt!;
    const answered = await agent.prompt(sessionId, prompt);
    const fromSeq = agent.transcript.nextSeq;
    await agent.connection.notify("$/cancel_request", { requestId: answered.request.id });
    await agent.connection.notify("$/cancel_request", { requestId: NEVER_SENT_ID });
    const next = await agent.prompt(sessionId, prompt);
    // A reply without an id is this check's finding, not an envelope one.
    const replies = await claimRepliesWithoutId(agent, fromSeq);
    if (replies.length > 0) {
      context.check({
        requirement: "agent.jsonrpc.no-reply-to-notification",
        verdict: "fail",
        message: `${replies.length} replies to $/cancel_request for the answered prompt (id ${JSON.stringify(answered.request.id)}) and for the never-used id ${JSON.stringify(NEVER_SENT_ID)}`,
        evidence: { transcript: excerptBetween(agent.transcript, fromSeq, agent.transcript.nextSeq) },
      });
      return;
    }
    context.check({
      requirement: "agent.jsonrpc.no-reply-to-notification",
      verdict: "pass",
      message: `no reply to $/cancel_request for an answered prompt or for an id never sent; the next prompt got ${describeOutcome(next.outcome)}`,
    });
  },
};
