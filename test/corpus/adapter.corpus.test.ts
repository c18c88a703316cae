/** The corpus tier for the adapter profile: every fixture through its mode's whole suite (corpus-runs.ts). */
import { describeCorpusRuns } from "./corpus-runs.js";

describeCorpusRuns("adapter");
