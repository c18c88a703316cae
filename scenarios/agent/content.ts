/**
 * content: a prompt with each content type beyond the baseline that the agent advertises in
 * promptCapabilities (an image, an audio clip, an embedded text resource), each next to the
 * user's --prompt text; each must end with a stop reason. Every image or audio block and every
 * resource blob the agent sent in the scenario must be base64.
 */
import type { Scenario } from "../../kit/scenario.js";
import type { RequirementId } from "../../kit/requirements/index.js";
import { AgentUnderTest } from "./driver.js";
import { notApplicable } from "./driver-extras.js";
import { describeOutcome, excerptAround } from "./evidence.js";
import { isSessionUpdate } from "./session-updates.js";

/** A 1×1 PNG. */
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** A WAV file of 8 silent 8-bit mono samples at 8 kHz. */
function silentWav(): string {
  const samples = 8;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + samples, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]).toString("base64");
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

interface BinaryField {
  field: string;
  value: string;
}

/** Every `data` of an image or audio block and every `blob` of resource contents inside `value`. */
export function binaryFields(value: unknown, path = "update"): BinaryField[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => binaryFields(item, `${path}[${index}]`));
  if (typeof value !== "object" || value === null) return [];
  const record = value as Record<string, unknown>;
  const own: BinaryField[] = [];
  if ((record.type === "image" || record.type === "audio") && typeof record.data === "string")
    own.push({ field: `${path}.data`, value: record.data });
  if (typeof record.blob === "string") own.push({ field: `${path}.blob`, value: record.blob });
  return [
    ...own,
    ...Object.entries(record)
      .filter(([key]) => key !== "_meta")
      .flatMap(([key, child]) => binaryFields(child, `${path}.${key}`)),
  ];
}

interface ContentCase {
  requirement: RequirementId;
  capability: "image" | "audio" | "embeddedContext";
  label: string;
  block: (cwd: string) => Record<string, unknown>;
}

const CASES: readonly ContentCase[] = [
  {
    requirement: "agent.prompt.image-accepted",
    capability: "image",
    label: "an image block",
    block: () => ({ type: "image", mimeType: "image/png", data: PNG_BASE64 }),
  },
  {
    requirement: "agent.prompt.audio-accepted",
    capability: "audio",
    label: "an audio block",
    block: () => ({ type: "audio", mimeType: "audio/wav", data: silentWav() }),
  },
  {
    requirement: "agent.prompt.resource-accepted",
    capability: "embeddedContext",
    label: "an embedded text resource",
    block: (cwd) => ({
      type: "resource",
      resource: { uri: `file://${cwd}/notes.txt`, mimeType: "text/plain", text: "acp-conformance notes\n" },
    }),
  },
];

export const promptContentScenario: Scenario = {
  id: "agent.prompt.content-types",
  title: "prompts with the content types the agent advertises; binary content it sends is base64",
  mode: "agent",
  requirements: [...CASES.map((entry) => entry.requirement), "agent.schema.binary-content-base64"],
  needs: ["prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    const result = await agent.handshake();
    const advertised = ((
      result.agentCapabilities as { promptCapabilities?: Record<string, unknown> } | undefined
    )?.promptCapabilities ?? {}) as Record<string, unknown>;
    const sessionId = await agent.newSession();
    for (const entry of CASES) {
      if (advertised[entry.capability] !== true) {
        notApplicable(
          context,
          [entry.requirement],
          `the agent does not advertise promptCapabilities.${entry.capability}, so a client must not send ${entry.label}`,
        );
        continue;
      }
      const prompt = [{ type: "text", text: context.options.prompts.prompt! }, entry.block(agent.sessionCwd)];
      const { outcome, endSeq } = await agent.prompt(sessionId, prompt);
      const stopReason =
        outcome.kind === "response" && !outcome.error
          ? (outcome.result as { stopReason?: unknown } | undefined)?.stopReason
          : undefined;
      context.check(
        typeof stopReason === "string"
          ? {
              requirement: entry.requirement,
              verdict: "pass",
              message: `a prompt with ${entry.label} ended with stopReason ${stopReason}`,
            }
          : {
              requirement: entry.requirement,
              verdict: "fail",
              message: `the agent advertises promptCapabilities.${entry.capability}, but a prompt with ${entry.label} got ${describeOutcome(outcome)}; expected a result with a stopReason`,
              evidence: { transcript: excerptAround(agent.transcript, endSeq) },
            },
      );
    }
    await agent.settle();
    const sent = agent.connection.received
      .filter(isSessionUpdate)
      .flatMap((incoming) =>
        binaryFields(
          incoming.message.kind === "notification"
            ? (incoming.message.params as { update?: unknown })?.update
            : undefined,
        ).map((field) => ({ ...field, seq: incoming.seq })),
      );
    if (sent.length === 0) {
      notApplicable(
        context,
        ["agent.schema.binary-content-base64"],
        "the agent sent no image, audio or resource blob content in this scenario",
      );
      return;
    }
    const bad = sent.find((field) => !STRICT_BASE64.test(field.value));
    context.check(
      bad === undefined
        ? {
            requirement: "agent.schema.binary-content-base64",
            verdict: "pass",
            message: `all ${sent.length} image, audio or blob fields the agent sent decode as base64`,
          }
        : {
            requirement: "agent.schema.binary-content-base64",
            verdict: "fail",
            message: `${bad.field} is not base64 (${JSON.stringify(bad.value.slice(0, 40))}); image and audio data and resource blobs are base64-encoded`,
            evidence: { transcript: excerptAround(agent.transcript, bad.seq, 2, 2) },
          },
    );
  },
};
