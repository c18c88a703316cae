/**
 * framing as a property (the kit plays the adapter and generates how it writes): any cutting
 * of the adapter's event lines into writes, with cuts inside multi-byte characters and pauses
 * between the pieces, shows what the same lines show written whole. "Shown" is judged as the
 * fixed host scenarios judge it: the text appears in the host's output.
 */
import type { AdapterAction } from "../../peers/script-types.js";
import { chunkingsOf, describeChunking, splitAtCuts, type Chunking } from "../properties/arbitraries.js";
import { definePropertyScenario, withCaseContext } from "../properties/property-scenario.js";
import { completed, describeHostExit, nonce, runHost, shown, type HostRun } from "./driver.js";
import { outputEvidence } from "./property-evidence.js";

interface SplitLinesSetup {
  events: Array<Record<string, unknown> & { text: string }>;
  /** Every event line, newline included, as one byte stream: the cases cut it anywhere. */
  stream: Buffer;
  /** What the host did with the same lines written one whole line per write. */
  baseline: ShownOutcome;
}

interface ShownOutcome {
  completed: boolean;
  /** For each event, whether its text was shown. */
  shown: boolean[];
}

function shownOutcome(run: HostRun, events: SplitLinesSetup["events"]): ShownOutcome {
  return { completed: completed(run), shown: events.map((event) => shown(run, event.text)) };
}

function describeEvent(event: SplitLinesSetup["events"][number]): string {
  const kind = event.type === "message" ? "the message" : `the ${String(event.type)} event`;
  return `${kind} ${JSON.stringify(event.text)}`;
}

/** The pieces of the stream as adapter actions: one write each, the chunking's pause before each next one. */
function chunkedWrites(stream: Buffer, chunking: Chunking): AdapterAction[] {
  const actions: AdapterAction[] = [];
  for (const [index, piece] of splitAtCuts(stream, chunking.cuts).entries()) {
    const pause = index > 0 ? chunking.delaysMs[index - 1]! : 0;
    if (pause > 0) actions.push({ delay: pause });
    actions.push({ rawBase64: piece.toString("base64") });
  }
  return actions;
}

export const hostSplitLinesProperty = definePropertyScenario<SplitLinesSetup, Chunking>({
  id: "host.property.split-lines",
  title:
    "any cutting of the adapter's event lines into writes (inside multi-byte characters too, with pauses) shows what the whole lines show",
  mode: "host",
  requirements: ["host.framing.reassembles-split-lines"],
  async setup(context) {
    // Texts of a fixed byte length (a nonce is always 8 hex digits), so a replayed case cuts
    // the same characters; each has characters of two, three and four UTF-8 bytes to cut into.
    const events = [
      { type: "message", id: "one", text: `${nonce("split-1")} grüße 😀 漢字` },
      { type: "tool", id: "two", text: `${nonce("split-tool")} ✓ é` },
      { type: "message", text: `${nonce("split-2")} ½ café ∑ 𝄞` },
    ];
    const stream = Buffer.from(events.map((event) => `${JSON.stringify(event)}\n`).join(""), "utf8");
    const run = await withCaseContext(context, (caseContext) =>
      runHost(
        caseContext,
        events.map((event) => ({ event })),
      ),
    );
    const baseline = shownOutcome(run, events);
    const messageHidden = events.some((event, index) => event.type === "message" && !baseline.shown[index]);
    if (!baseline.completed || messageHidden) {
      return `written whole, one line per write, the messages were not all shown unchanged in a completed task (${describeHostExit(run)}); the fixed scenarios report why`;
    }
    return { events, stream, baseline };
  },
  arbitrary: (setup) => chunkingsOf(setup.stream),
  async runCase(context, setup, chunking) {
    const run = await runHost(context, chunkedWrites(setup.stream, chunking));
    const outcome = shownOutcome(run, setup.events);
    const differences = setup.events.flatMap((event, index) =>
      outcome.shown[index] === setup.baseline.shown[index]
        ? []
        : [
            `${describeEvent(event)} was ${outcome.shown[index] ? "shown" : "not shown"} (written whole it was ${setup.baseline.shown[index] ? "shown" : "not shown"})`,
          ],
    );
    if (outcome.completed !== setup.baseline.completed)
      differences.unshift(`the task did not complete: ${describeHostExit(run)}`);
    if (differences.length === 0) return undefined;
    const pieces = chunking.cuts.length + 1;
    return {
      message: `the event lines written in ${pieces} piece(s), cut at bytes ${chunking.cuts.join(", ") || "(none)"}: ${differences.join("; ")}`,
      details: { texts: setup.events.map((event) => event.text), ...outputEvidence(run) },
    };
  },
  describe: (setup, chunking) => ({
    stream: setup.stream.toString("utf8"),
    ...describeChunking(setup.stream, chunking),
  }),
});
