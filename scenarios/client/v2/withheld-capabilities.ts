/**
 * capabilities (v2): the kit's agent answers initialize with every optional session capability
 * null (prompt content, MCP transports, delete, extra roots), then runs an ordinary turn. A
 * client must cope (initialization.mdx#capabilities: clients SHOULD support every combination,
 * and null means unsupported) and use none of them; the generic gating checks
 * (capability-gating-checks.ts) judge the second, and this run is the one where they see an MCP
 * server listed though no transport was advertised.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { describeExit, runClient, succeeded } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { CAPABILITY_GATING_V2_REQUIREMENTS } from "./capability-gating-checks.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

/** Every optional marker under capabilities.session, present as null: unsupported (a client reading presence alone trips). */
const WITHHELD = { session: { prompt: null, mcp: null, delete: null, additionalDirectories: null } };

export const withheldCapabilitiesV2Scenario: Scenario = {
  id: "client.v2.capabilities.withheld",
  title:
    "the agent advertises every optional session capability as null; the client completes its turn using none",
  mode: "client",
  requirements: ["client.v2.capabilities.copes-with-withheld", ...CAPABILITY_GATING_V2_REQUIREMENTS],
  async run(context) {
    const text = nonce("withheld");
    const run = await runClient(
      context,
      agentScriptV2([{ message: text }, { stop: "end_turn" }], {
        initialize: { agentCapabilities: WITHHELD },
      }),
    );
    recordGenericClientV2Checks(context, run);
    const requirement = "client.v2.capabilities.copes-with-withheld";
    if (run.events.every((event) => event.kind !== "received")) {
      checkNotExercised(context, requirement, `the client never talked to the agent (${describeExit(run)})`);
      return;
    }
    context.check(
      succeeded(run)
        ? {
            requirement,
            verdict: "pass",
            message: `the client completed its turn with capabilities ${JSON.stringify(WITHHELD)}${run.output.includes(text) ? " and showed the agent's text" : ""}`,
          }
        : {
            requirement,
            verdict: "fail",
            message: `with capabilities ${JSON.stringify(WITHHELD)} the client did not complete its turn: ${describeExit(run)}`,
            evidence: { stderrTail: run.stderrTail },
          },
    );
  },
};
