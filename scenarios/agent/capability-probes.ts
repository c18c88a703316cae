/**
 * capabilities: does the agent serve a session method it did not advertise? A client never
 * calls such a method, so a working one is a capability the agent should have stated. The kit
 * calls each session method whose capability the initialize result leaves out (false, null or
 * omitted), with valid params on a session of this process, and expects none to be answered with
 * a result of the method's response type.
 * Logout is never probed (a client must not call it unadvertised), nor content types and MCP
 * transports, which an agent may accept by ignoring them without supporting them.
 */
import type { Scenario } from "../../kit/scenario.js";
import type { RequestOutcome } from "../../kit/wire/connection.js";
import { AcpSchema } from "../../kit/wire/schema.js";
import { AgentUnderTest } from "./driver.js";
import { excerptAround } from "./evidence.js";

interface Probe {
  /** Where the capability lives in agentCapabilities. */
  capability: string;
  method: string;
  params(sessionId: string, cwd: string): Record<string, unknown>;
}

/** In this order: the ones that leave the session in place first, close and delete last. */
const PROBES: readonly Probe[] = [
  { capability: "sessionCapabilities.list", method: "session/list", params: () => ({}) },
  {
    capability: "loadSession",
    method: "session/load",
    params: (sessionId, cwd) => ({ sessionId, cwd, mcpServers: [] }),
  },
  {
    capability: "sessionCapabilities.resume",
    method: "session/resume",
    params: (sessionId, cwd) => ({ sessionId, cwd, mcpServers: [] }),
  },
  {
    capability: "sessionCapabilities.close",
    method: "session/close",
    params: (sessionId) => ({ sessionId }),
  },
  {
    capability: "sessionCapabilities.delete",
    method: "session/delete",
    params: (sessionId) => ({ sessionId }),
  },
];

function advertised(capabilities: unknown, path: string): boolean {
  let node: unknown = capabilities;
  for (const key of path.split(".")) node = (node as Record<string, unknown> | null | undefined)?.[key];
  // loadSession is a boolean; the session capabilities are objects, where {} advertises.
  return node !== undefined && node !== null && node !== false;
}

export const capabilityProbesScenario: Scenario = {
  id: "agent.capabilities.unadvertised-session-methods",
  title: "session methods the agent did not advertise are refused",
  mode: "agent",
  requirements: ["agent.capabilities.advertises-supported"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    const result = await agent.initialize();
    await agent.afterInitialize(result);
    const probes = PROBES.filter((probe) => !advertised(result.agentCapabilities, probe.capability));
    if (probes.length === 0) {
      // Each probed method is advertised: the agent stated all of them, served or not.
      context.check({
        requirement: "agent.capabilities.advertises-supported",
        verdict: "pass",
        message: `the agent advertises every session capability the kit probes (${PROBES.map((probe) => probe.capability).join(", ")})`,
      });
      return;
    }
    const sessionId = await agent.newSession();
    const served: RequestOutcome[] = [];
    const schema = AcpSchema.load();
    for (const probe of probes) {
      const outcome = await agent.request(probe.method, probe.params(sessionId, agent.sessionCwd));
      // Served means a real answer: a result of the method's response type, not a catch-all null.
      if (
        outcome.kind === "response" &&
        !outcome.error &&
        schema.validateResult(probe.method, outcome.result)?.length === 0
      )
        served.push(outcome);
    }
    const first = served[0];
    context.check(
      first
        ? {
            requirement: "agent.capabilities.advertises-supported",
            verdict: "fail",
            message: `the agent answered ${served.map((outcome) => outcome.request.method).join(", ")} with a result, though its initialize result does not advertise ${served.map((outcome) => PROBES.find((probe) => probe.method === outcome.request.method)!.capability).join(", ")}; a client never calls an unadvertised method`,
            evidence: { transcript: excerptAround(agent.transcript, first.request.seq, 1, 2) },
          }
        : {
            requirement: "agent.capabilities.advertises-supported",
            verdict: "pass",
            message: `each session method the agent does not advertise was refused: ${probes.map((probe) => probe.method).join(", ")}`,
          },
    );
  },
};
