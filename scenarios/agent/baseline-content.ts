/**
 * prompt: the content every agent must take whatever promptCapabilities says, a text block and
 * a resource_link block to a real file in the session's directory, judged only when the same text
 * alone is answered (otherwise the plain turn's finding). Then a plain prompt carrying
 * W3C trace context in its _meta, as a traced client sends it (not judged here: _meta is
 * agent.extensibility.meta-tolerated's), so an agent that propagates it shows how it uses the
 * reserved keys (judged on every frame by extension-names.ts; not applicable here when the
 * agent sent none).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { StopScenario, type Scenario } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptAround } from "./evidence.js";
import { RESERVED_META_KEYS, reservedMetaUses } from "./extension-names.js";

const TRACE_META = {
  traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
  tracestate: "acp-conformance=baseline",
};

export const baselineContentScenario: Scenario = {
  id: "agent.prompt.baseline-content",
  title: "a prompt of a text block and a resource_link block, then one carrying W3C trace context",
  mode: "agent",
  requirements: [
    "agent.prompt.resource-link-accepted",
    "agent.extensibility.trace-context-keys",
    // Judged on every frame (extension-names.ts); a turn is where an agent sends requests and notifications.
    "agent.extensibility.custom-methods-prefixed",
  ],
  needs: ["prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    const file = join(agent.sessionCwd, "linked-notes.txt");
    writeFileSync(file, "acp-conformance: a file the prompt links to\n");
    const blocks = [
      { type: "text", text: context.options.prompts.prompt! },
      {
        type: "resource_link",
        uri: pathToFileURL(file).href,
        name: "linked-notes.txt",
        mimeType: "text/plain",
      },
    ];
    const control = agent.guardAuth(
      await agent.request("session/prompt", { sessionId, prompt: [blocks[0]] }, { waitMs: agent.turnWaitMs }),
    );
    if (control.kind !== "response" || control.error)
      throw new StopScenario(
        `the prompt of text alone got ${describeOutcome(control)}, so whether resource_link makes a difference cannot be told`,
      );
    agent.turnsRun += 1;
    const outcome = agent.guardAuth(
      await agent.request("session/prompt", { sessionId, prompt: blocks }, { waitMs: agent.turnWaitMs }),
    );
    const stopReason =
      outcome.kind === "response" && !outcome.error
        ? (outcome.result as { stopReason?: unknown } | undefined)?.stopReason
        : undefined;
    context.check(
      typeof stopReason === "string"
        ? {
            requirement: "agent.prompt.resource-link-accepted",
            verdict: "pass",
            message: `the prompt of text and resource_link ended with stopReason ${stopReason}`,
          }
        : {
            requirement: "agent.prompt.resource-link-accepted",
            verdict: "fail",
            message: `every agent must accept text and resource_link blocks; the prompt got ${describeOutcome(outcome)}`,
            evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq, 1, 4) },
          },
    );
    if (outcome.kind === "response" && !outcome.error) agent.turnsRun += 1;
    const traced = await agent.request(
      "session/prompt",
      { sessionId, prompt: [blocks[0]], _meta: TRACE_META },
      { waitMs: agent.turnWaitMs },
    );
    if (traced.kind === "response" && !traced.error) agent.turnsRun += 1;
    await agent.settle();
    if (reservedMetaUses(agent).length === 0)
      context.check({
        requirement: "agent.extensibility.trace-context-keys",
        verdict: "not-applicable",
        message: `the agent sent no ${RESERVED_META_KEYS.join(", ")} in _meta, though the prompt carried trace context`,
      });
  },
};
