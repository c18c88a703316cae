/**
 * initialization in v2, the client's side of the handshake: every other scenario initializes as a
 * client with no capabilities (capabilities {}); this one advertises every capability v2 defines
 * (auth.terminal, elicitation in form and url mode) and expects the agent to serve it as well,
 * a session and a prompt turn to idle (initialization.mdx: any combination, including none).
 */
import type { Scenario } from "../../../kit/scenario.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { AgentV2UnderTest } from "./driver.js";
import { v2InitializeParams } from "./kit-client-v2.js";

const COMBINATIONS = "agent.v2.initialization.any-client-capabilities";

/** Every client capability of the v2 schema (ClientCapabilities). */
const EVERY_CAPABILITY = { auth: { terminal: {} }, elicitation: { form: {}, url: {} } };

export const clientCapabilitiesV2Scenario: Scenario = {
  id: "agent.v2.initialization.client-capabilities",
  title: "a client that advertises every v2 capability gets a session and a prompt turn",
  mode: "agent",
  requirements: [COMBINATIONS],
  needs: ["prompt"],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    const init = await agent.negotiate(2, { ...v2InitializeParams(), capabilities: EVERY_CAPABILITY });
    const fail = (message: string, seq: number) =>
      context.check({
        requirement: COMBINATIONS,
        verdict: "fail",
        message,
        evidence: { transcript: excerptAround(agent.transcript, seq, 1, 3) },
      });
    if (init.kind !== "response" || init.error) {
      fail(`initialize advertising every client capability got ${describeOutcome(init)}`, init.request.seq);
      return;
    }
    const opened = await agent.request("session/new", { cwd: agent.sessionCwd });
    const sessionId =
      opened.kind === "response" && !opened.error
        ? (opened.result as { sessionId?: unknown } | undefined)?.sessionId
        : undefined;
    if (typeof sessionId !== "string") {
      fail(
        `to a client advertising every capability, session/new got ${describeOutcome(opened)}`,
        opened.request.seq,
      );
      return;
    }
    const turn = await agent.prompt(sessionId, context.options.prompts.prompt!);
    if (turn.ack.kind !== "response" || turn.ack.error || !turn.idle) {
      fail(
        `to a client advertising every capability, the prompt ${turn.ack.kind === "response" && !turn.ack.error ? "never reached idle" : `got ${describeOutcome(turn.ack)}`}`,
        turn.request.seq,
      );
      return;
    }
    context.check({
      requirement: COMBINATIONS,
      verdict: "pass",
      message:
        "a client advertising auth.terminal and elicitation (form, url) got a session and a prompt turn to idle, as the other scenarios' client with no capabilities did",
    });
  },
};
