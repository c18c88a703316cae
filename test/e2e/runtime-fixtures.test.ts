/** Runtime mode in `npm test`: the reference, and every fixture where it fails (fixture-runs.ts). */
import { describeFixtureRuns } from "./fixture-runs.js";

describeFixtureRuns("runtime");
