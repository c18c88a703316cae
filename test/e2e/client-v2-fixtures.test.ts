/** The client v2 profile in `npm test`: the reference, and every fixture where it fails (fixture-runs.ts). */
import { describeFixtureRuns } from "./fixture-runs.js";

describeFixtureRuns("client-v2");
