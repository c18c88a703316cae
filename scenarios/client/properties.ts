/**
 * Client mode as properties (the kit plays the agent the client spawns, and generates what it
 * writes and when):
 * - any cutting of the agent's frames into writes, with cuts inside multi-byte characters and
 *   pauses between the pieces, gives the client outcome the whole frames give;
 * - no interleaving of the turn's own updates, updates for other sessions and a permission
 *   request shows a foreign update's canary as the turn's output;
 * - a permission request at any point of a turn gets a valid answer.
 * Each case is one real run of the client, judged as the fixed client scenarios judge it: by
 * its exit and by whether a text appears in its output. Cases run an agent without the
 * grandchildren the fixed scenarios' agent starts: cleanup is theirs to judge, and a case must
 * stay cheap.
 */
import type { AgentAction, AgentScript, Faults } from "../../peers/script-types.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { isValidPermissionOutcome, OFFERED_OPTION_IDS } from "./permission.js";
import { describeExit, runClient, succeeded, type ClientRun } from "./driver.js";
import { showsForeignCanary } from "./session-matching.js";
import {
  chunkingsOf,
  describeChunking,
  turnInterleavings,
  type Chunking,
  type TurnStep,
} from "../properties/arbitraries.js";
import { definePropertyScenario, withCaseContext } from "../properties/property-scenario.js";

/** The client's output lines a failure shows, at most. */
const EVIDENCE_LINES = 12;

function caseScript(actions: AgentAction[], extra: Omit<AgentScript, "role" | "prompts"> = {}): AgentScript {
  return agentScript(actions, { ...extra, faults: { spawnDescendants: [], ...extra.faults } });
}

/** The lines of the client's output (stdout, then the stderr tail) that mention `needle`, or its first lines. */
function outputEvidence(run: ClientRun, needle?: string): Record<string, unknown> {
  const lines = run.output.split("\n").filter((line) => line.trim() !== "");
  const matching = needle === undefined ? [] : lines.filter((line) => line.includes(needle));
  return {
    clientExit: describeExit(run),
    clientOutput: (matching.length > 0 ? matching : lines).slice(0, EVIDENCE_LINES),
    stderrTail: run.stderrTail,
  };
}

// ---------------------------------------------------------------------------------------------
// client.property.split-frames
// ---------------------------------------------------------------------------------------------

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
  return caseScript(
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

// ---------------------------------------------------------------------------------------------
// Turns: own updates, foreign-session updates and a permission request, in generated orders
// ---------------------------------------------------------------------------------------------

/** The session the mock agent hands the client: fixed, so a foreign session can be a near miss of it. */
const OWN_SESSION = "kit-session-1";
/**
 * Sessions the client never created: one unrelated, and one that has the client's own session
 * id as a prefix (as a session the agent holds for another client might), which a client that
 * matches sessions loosely would take for its own.
 */
const FOREIGN_SESSIONS = ["kit-foreign-session", `${OWN_SESSION}-sibling`] as const;

/** The texts of one turn: each own update and each foreign update has a text of its own. */
interface TurnTexts {
  own: string[];
  /** Canaries: text that must never be shown as the turn's output. */
  foreign: string[];
}

function turnTexts(steps: readonly TurnStep[]): TurnTexts {
  const ownRoot = nonce("own");
  const canaryRoot = nonce("canary");
  const texts: TurnTexts = { own: [], foreign: [] };
  // Brackets end each text, so the text of update 1 is not found inside that of update 10.
  for (const step of steps) {
    if (step.kind === "own-update") texts.own.push(`[${ownRoot}#${texts.own.length + 1}]`);
    if (step.kind === "foreign-update") texts.foreign.push(`[${canaryRoot}#${texts.foreign.length + 1}]`);
  }
  return texts;
}

/** The agent's actions for a turn's steps, then end_turn. */
function turnActions(steps: readonly TurnStep[], texts: TurnTexts): AgentAction[] {
  let own = 0;
  let foreign = 0;
  const actions: AgentAction[] = steps.map((step): AgentAction => {
    if (step.kind === "own-update") return { message: texts.own[own++]! };
    if (step.kind === "foreign-update")
      return {
        foreignUpdate: { sessionId: FOREIGN_SESSIONS[step.session]!, text: texts.foreign[foreign++]! },
      };
    // No tool_call update before it: the request carries its tool call, and "any point" includes before any update.
    return { requestPermission: { toolCallId: "kit-tool", title: "Write kit.txt" } };
  });
  return [...actions, { stop: "end_turn" }];
}

/** "own update", "update for kit-foreign-session", "permission request": plain words for the report. */
function describeStep(step: TurnStep): string {
  if (step.kind === "own-update") return "own update";
  if (step.kind === "foreign-update") return `update for ${FOREIGN_SESSIONS[step.session]}`;
  return "permission request";
}

function runTurn(
  context: Parameters<typeof runClient>[0],
  steps: readonly TurnStep[],
  texts: TurnTexts,
): Promise<ClientRun> {
  return runClient(context, caseScript(turnActions(steps, texts), { sessionIds: [OWN_SESSION] }));
}

// ---------------------------------------------------------------------------------------------
// client.property.foreign-updates
// ---------------------------------------------------------------------------------------------

export const clientForeignUpdatesProperty = definePropertyScenario<null, TurnStep[]>({
  id: "client.property.foreign-updates",
  title:
    "no interleaving of the turn's updates, updates for other sessions and a permission request shows a foreign update's text as the turn's output",
  mode: "client",
  requirements: ["client.session-matching.ignores-foreign-updates"],
  setup: async () => null,
  // Every turn asks permission somewhere, because a client may look back at what came before a
  // request and show it; turns without one are what the fixed foreign-updates scenario plays.
  arbitrary: () =>
    turnInterleavings({ maxUpdates: 5, foreignSessions: FOREIGN_SESSIONS.length, permission: true }),
  async runCase(context, _setup, steps) {
    const texts = turnTexts(steps);
    const run = await runTurn(context, steps, texts);
    // Judged as the fixed scenario judges it: showing a canary is harmless only in a turn the client failed.
    const leaked = texts.foreign.filter((canary) => showsForeignCanary(run, canary));
    if (leaked.length === 0) return undefined;
    return {
      message: `turn [${steps.map(describeStep).join(", ")}]: the text of ${leaked.length} update(s) for another session appeared in the client's output as if it were this turn's (${leaked.join(", ")}); ${describeExit(run)}`,
      details: { canaries: texts.foreign, ownTexts: texts.own, ...outputEvidence(run, leaked[0]) },
    };
  },
  describe: (_setup, steps) => ({ steps: steps.map(describeStep) }),
});

// ---------------------------------------------------------------------------------------------
// client.property.permission-anywhere
// ---------------------------------------------------------------------------------------------

export const clientPermissionAnywhereProperty = definePropertyScenario<null, TurnStep[]>({
  id: "client.property.permission-anywhere",
  title:
    "a permission request at any point of a turn (before any update, between updates, after one for another session) gets a valid answer",
  mode: "client",
  requirements: ["client.permission.valid-answer"],
  setup: async () => null,
  arbitrary: () => turnInterleavings({ maxUpdates: 4, foreignSessions: 1, permission: true }),
  async runCase(context, _setup, steps) {
    const run = await runTurn(context, steps, turnTexts(steps));
    const before = steps.slice(
      0,
      steps.findIndex((step) => step.kind === "permission"),
    );
    const where =
      before.length === 0
        ? "a permission request before any update"
        : `a permission request after [${before.map(describeStep).join(", ")}]`;
    const answer = run.events.find((event) => event.kind === "permission");
    if (answer?.kind !== "permission")
      return { message: `${where} was never answered (${describeExit(run)})`, details: outputEvidence(run) };
    // Judged as the fixed permission scenario judges it.
    if (isValidPermissionOutcome(answer.outcome)) return undefined;
    return {
      message: `${where} was answered ${JSON.stringify(answer.outcome)}: the answer must select an offered option (${OFFERED_OPTION_IDS.join(", ")}) or be cancelled`,
      details: { answer: answer.outcome ?? null, ...outputEvidence(run) },
    };
  },
  describe: (_setup, steps) => ({ steps: steps.map(describeStep) }),
});
