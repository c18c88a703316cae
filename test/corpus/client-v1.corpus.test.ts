/** The corpus tier for the client-v1 profile: every fixture through its mode's whole suite (corpus-runs.ts). */
import { describeCorpusRuns } from "./corpus-runs.js";

describeCorpusRuns("client-v1");
