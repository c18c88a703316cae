/** The corpus tier for the host profile: every fixture through its mode's whole suite (corpus-runs.ts). */
import { describeCorpusRuns } from "./corpus-runs.js";

describeCorpusRuns("host");
