/**
 * framing as a property: any cutting of the agent's frames into writes, with cuts inside
 * multi-byte characters and pauses between the pieces, gives the client outcome the whole
 * frames give. The fixed split-frames scenario cuts every frame the same way; a client that
 * decodes each read on its own fails only when a cut lands inside a character.
 */
import type { AgentScript, Faults } from "../../peers/script-types.js";
import { caseAgentScript, nonce } from "./agent-scripts.js";
import { describeExit, runClient, succeeded, type ClientRun } from "./driver.js";
import { outputEvidence } from "./output-evidence.js";
import { chunkingsOf, describeChunking, type Chunking } from "../properties/arbitraries.js";
import { definePropertyScenario, withCaseContext } from "../properties/property-scenario.js";

/** What a run came to, as the fixed turn scenarios see it: a completed turn, and which of the agent's texts were shown unchanged. */
interface TurnOutcome {
  completed: boolean;
  shown: boolean[];
}

interface SplitFramesSetup {
  /** The agent's message texts: each has characters of two, three and four UTF-8 bytes for cuts to split. */
  texts: string[];
  /** Every frame the agent wrote in the baseline run, line end included, in write order. */
  frames: Buffer[];
  /** The same frames as one byte stream: the cases cut it anywhere, and each cut lands in the frame it falls in. */
  stream: Buffer;
  baseline: TurnOutcome;
}

function turnOutcome(run: ClientRun, texts: readonly string[]): TurnOutcome {
  return { completed: succeeded(run), shown: texts.map((text) => run.output.includes(text)) };
}

/** The messages of the split-frames turn, then end_turn; `cuts` cuts the agent's writes. */
function splitFramesScript(texts: readonly string[], cuts?: Faults["cuts"]): AgentScript {
  return caseAgentScript(
    [...texts.map((text) => ({ message: text })), { stop: "end_turn" }],
    cuts ? { faults: { cuts } } : {},
  );
}

/**
 * A chunking of the whole stream as the agent's per-write cuts: each cut, with the pause after
 * it, goes to the frame it falls in. The stream is cut as one (a single list of cuts shrinks
 * far faster than one list per frame), but each frame is still written when the exchange
 * reaches it, so a cut at a frame boundary is just the ordinary end of a write.
 */
function cutsPerWrite(frames: readonly Buffer[], chunking: Chunking): NonNullable<Faults["cuts"]> {
  let start = 0;
  return frames.map((frame) => {
    const end = start + frame.length;
    const inFrame = chunking.cuts.flatMap((cut, index) =>
      cut > start && cut < end ? [{ at: cut - start, delayMs: chunking.delaysMs[index]! }] : [],
    );
    start = end;
    return { at: inFrame.map((cut) => cut.at), delaysMs: inFrame.map((cut) => cut.delayMs) };
  });
}

/** "the response to id 0", "a session/update notification": which frame a cut falls in, in a person's words. */
function describeFrame(frame: Buffer): string {
  try {
    const parsed = JSON.parse(frame.toString("utf8")) as { method?: unknown; id?: unknown };
    if (typeof parsed.method === "string")
      return "id" in parsed ? `the ${parsed.method} request` : `a ${parsed.method} notification`;
    return `the response to id ${JSON.stringify(parsed.id)}`;
  } catch {
    return "a line that is not JSON";
  }
}

/** The frames a chunking cuts, and into how many pieces. */
function describeCutFrames(frames: readonly Buffer[], chunking: Chunking): string[] {
  return cutsPerWrite(frames, chunking).flatMap((cut, index) =>
    cut.at.length > 0
      ? [`write ${index + 1} (${describeFrame(frames[index]!)}) in ${cut.at.length + 1} pieces`]
      : [],
  );
}

/** The ASCII nonce at the head of a split-frames text. */
function nonceOf(text: string): string {
  return text.split(" ")[0]!;
}

export const clientSplitFramesProperty = definePropertyScenario<SplitFramesSetup, Chunking>({
  id: "client.property.split-frames",
  title:
    "any cutting of the agent's frames into writes (inside multi-byte characters too, with pauses) gives the outcome the whole frames give",
  mode: "client",
  requirements: ["client.framing.reassembles-split-frames"],
  async setup(context) {
    // Fixed for the whole property, so every case cuts the bytes the baseline run measured
    // (a nonce is always 8 hex digits; the mock agent's own ids come from counters).
    const texts = [`${nonce("split-1")} grüße 😀 漢字`, `${nonce("split-2")} ½ café ∑ 𝄞`];
    const run = await withCaseContext(context, (caseContext) =>
      runClient(caseContext, splitFramesScript(texts)),
    );
    const baseline = turnOutcome(run, texts);
    if (!baseline.completed)
      return `with its frames written whole the client did not complete the turn (${describeExit(run)}); the fixed turn scenarios report why`;
    const frames = run.events.flatMap((event) =>
      event.kind === "sent" ? [Buffer.from(`${event.text}\n`, "utf8")] : [],
    );
    if (frames.length === 0)
      return "the agent wrote no frame in the baseline run; the fixed turn scenarios report why";
    return { texts, frames, stream: Buffer.concat(frames), baseline };
  },
  arbitrary: (setup) => chunkingsOf(setup.stream, { maxCuts: 8, maxDelayMs: 30 }),
  async runCase(context, setup, chunking) {
    const run = await runClient(
      context,
      splitFramesScript(setup.texts, cutsPerWrite(setup.frames, chunking)),
    );
    const outcome = turnOutcome(run, setup.texts);
    const differences = setup.texts.flatMap((text, index) =>
      outcome.shown[index] === setup.baseline.shown[index]
        ? []
        : [
            `the agent's text ${JSON.stringify(text)} was ${outcome.shown[index] ? "shown" : "not shown unchanged"} (with whole frames it was ${setup.baseline.shown[index] ? "shown" : "not shown"})`,
          ],
    );
    if (!outcome.completed)
      differences.unshift(`the turn did not complete: ${describeExit(run)} (with whole frames it completed)`);
    if (differences.length === 0) return undefined;
    // A text's nonce is plain ASCII and survives any cut, so the line that shows it shows what became of the rest.
    const mangled = setup.texts
      .map(nonceOf)
      .find((head, index) => !outcome.shown[index] && run.output.includes(head));
    return {
      message: `with ${describeCutFrames(setup.frames, chunking).join(", ") || "no frame cut"}: ${differences.join("; ")}`,
      details: { texts: setup.texts, ...outputEvidence(run, mangled) },
    };
  },
  // agentCuts is the mock agent's `cuts` fault for the case, to replay it in a peer script of your own.
  describe: (setup, chunking) => ({
    framesCut: describeCutFrames(setup.frames, chunking),
    ...describeChunking(setup.stream, chunking),
    agentCuts: cutsPerWrite(setup.frames, chunking),
  }),
});
