/**
 * prompt content in v2: the baseline every agent that advertises `session` must take (a text block
 * alone, then a text block and a resource_link block to a real file in the session's directory);
 * then, for each block type the agent advertises under
 * capabilities.session.prompt (image, audio, embeddedContext), a prompt carrying one. Every turn
 * is also held to turn-checks.ts (the user message acknowledged, running, idle).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Scenario } from "../../../kit/scenario.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { AgentV2UnderTest } from "./driver.js";
import type { V2Turn } from "./turn-updates.js";

const BASELINE = "agent.v2.prompt.baseline-content-accepted" as const;
const ADVERTISED = "agent.v2.prompt.advertised-content-accepted" as const;

/** A 1x1 transparent PNG and a silent 8-sample WAV: small, valid, and what their mimeType says. */
const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const WAV_SILENCE = "UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==";

/** The block of each prompt marker, to send when the agent advertises it. */
function markerBlocks(fileUri: string): Record<string, Record<string, unknown>> {
  return {
    image: { type: "image", data: PNG_1X1, mimeType: "image/png" },
    audio: { type: "audio", data: WAV_SILENCE, mimeType: "audio/wav" },
    embeddedContext: {
      type: "resource",
      resource: { uri: fileUri, mimeType: "text/plain", text: "acp-conformance: embedded context\n" },
    },
  };
}

const accepted = (turn: V2Turn) => turn.ack.kind === "response" && !turn.ack.error && turn.idle !== undefined;

/** What went wrong with a turn that was not accepted and run to idle. */
const refusal = (turn: V2Turn) =>
  turn.ack.kind === "response" && !turn.ack.error
    ? "was acknowledged but never reached idle"
    : `got ${describeOutcome(turn.ack)}`;

export const promptContentV2Scenario: Scenario = {
  id: "agent.v2.prompt.content",
  title: "prompts of text and resource_link, and of each block type the agent advertises",
  mode: "agent",
  requirements: [BASELINE, ADVERTISED],
  needs: ["prompt"],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    const result = await agent.handshake();
    const sessionId = await agent.newSession();
    const text = context.options.prompts.prompt!;
    const file = join(agent.sessionCwd, "linked-notes.txt");
    writeFileSync(file, "acp-conformance: a file the prompt links to\n");
    const uri = pathToFileURL(file).href;

    const textAlone = await agent.prompt(sessionId, text);
    if (!accepted(textAlone)) {
      context.check({
        requirement: BASELINE,
        verdict: "fail",
        message: `a prompt of one text block, which every agent advertising session must accept, ${refusal(textAlone)}`,
        evidence: { transcript: excerptAround(agent.transcript, textAlone.request.seq, 1, 3) },
      });
      context.check({
        requirement: ADVERTISED,
        verdict: "not-tested",
        message: `the prompt of text alone ${refusal(textAlone)}, so whether other blocks are accepted cannot be told`,
      });
      return;
    }
    const link = { type: "resource_link", uri, name: "linked-notes.txt", mimeType: "text/plain" };
    const baseline = await agent.prompt(sessionId, text, { blocks: [link] });
    context.check(
      accepted(baseline)
        ? {
            requirement: BASELINE,
            verdict: "pass",
            message:
              "a prompt of a text block, and one of a text and a resource_link block, were accepted and ran to idle",
          }
        : {
            requirement: BASELINE,
            verdict: "fail",
            message: `a prompt of a text block and a resource_link block, which every agent advertising session must accept, ${refusal(baseline)}; the same text alone was accepted`,
            evidence: { transcript: excerptAround(agent.transcript, baseline.request.seq, 1, 3) },
          },
    );

    const markers = (result.capabilities as { session?: { prompt?: Record<string, unknown> } } | undefined)
      ?.session?.prompt;
    const blocks = markerBlocks(uri);
    const advertised = Object.keys(blocks).filter((marker) => markers?.[marker] != null);
    if (advertised.length === 0) {
      context.check({
        requirement: ADVERTISED,
        verdict: "not-applicable",
        message: "the agent advertises none of session.prompt's image, audio or embeddedContext",
      });
      return;
    }
    for (const marker of advertised) {
      const turn = await agent.prompt(sessionId, text, { blocks: [blocks[marker]!] });
      if (!accepted(turn)) {
        context.check({
          requirement: ADVERTISED,
          verdict: "fail",
          message: `the agent advertises session.prompt.${marker}, but a prompt with a ${String(blocks[marker]!.type)} block ${refusal(turn)}`,
          evidence: { transcript: excerptAround(agent.transcript, turn.request.seq, 1, 3) },
        });
        return;
      }
    }
    context.check({
      requirement: ADVERTISED,
      verdict: "pass",
      message: `a prompt with each advertised block type (${advertised.join(", ")}) was accepted and ran to idle`,
    });
  },
};
