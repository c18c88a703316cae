/** The corpus tier for the agent-v2 profile: every fixture through its mode's whole suite (corpus-runs.ts). */
import { describeCorpusRuns } from "./corpus-runs.js";

describeCorpusRuns("agent-v2");
