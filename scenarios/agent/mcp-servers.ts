/**
 * MCP servers listed in session/new: one stdio server (started with its command, args and env,
 * and sent MCP initialize), two at once (both connected), and, only when the agent advertises
 * mcpCapabilities.http, an HTTP server the kit serves on 127.0.0.1. The servers carry the run's
 * marker in their env, so one the agent leaves running is found by the generic cleanup check.
 */
import { makeScratchDir, removeScratchDir } from "../../kit/scratch-dirs.js";
import type { Scenario } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import { notApplicable, openSession } from "./driver-extras.js";
import { describeOutcome, excerptAround } from "./evidence.js";
import { checkStoppedOnClose } from "./mcp-close.js";
import { HttpStub, StdioStub, waitFor } from "./mcp-stubs.js";

export const mcpServersScenario: Scenario = {
  id: "agent.capabilities.mcp-servers",
  title: "MCP servers listed in session/new are started (stdio) or contacted (HTTP, when advertised)",
  mode: "agent",
  requirements: [
    "agent.capabilities.mcp-stdio-started",
    "agent.capabilities.mcp-all-servers-started",
    "agent.capabilities.mcp-http-advertised",
    "agent.capabilities.mcp-http-accepted",
    "agent.cleanup.mcp-servers-stopped-on-close",
  ],
  async run(context) {
    // Registered before the agent starts, so it runs after the agent's teardown.
    const records = makeScratchDir("mcp-");
    context.defer(async () => removeScratchDir(records));
    const agent = await AgentUnderTest.start(context);
    const marker = agent.target.marker;
    const result = await agent.handshake();
    const waitMs = agent.answerWaitMs;

    const http = (result.agentCapabilities as { mcpCapabilities?: { http?: unknown } } | undefined)
      ?.mcpCapabilities?.http;
    context.check(
      result.agentCapabilities === undefined || result.agentCapabilities === null
        ? {
            // The cause is reported under agent.initialization.states-capabilities, not here.
            requirement: "agent.capabilities.mcp-http-advertised",
            verdict: "not-tested",
            message:
              "the initialize result states no agentCapabilities at all, so there is no mcpCapabilities to judge",
          }
        : http === true
          ? {
              requirement: "agent.capabilities.mcp-http-advertised",
              verdict: "pass",
              message: "the agent advertises mcpCapabilities.http",
            }
          : {
              requirement: "agent.capabilities.mcp-http-advertised",
              verdict: "fail",
              message: `the initialize result does not advertise mcpCapabilities.http (got ${JSON.stringify(http ?? null)}); new agents should support HTTP MCP servers`,
              evidence: { actual: result.agentCapabilities ?? null },
            },
    );

    const single = new StdioStub(records, "acp-conformance-stdio", marker);
    const first = await openSession(agent, { mcpServers: [single.config] });
    await waitFor(() => single.problem() === undefined, waitMs, context.signal);
    const problem = single.problem();
    context.check(
      problem === undefined
        ? {
            requirement: "agent.capabilities.mcp-stdio-started",
            verdict: "pass",
            message:
              "the stdio MCP server was started with the command, args and env given and sent initialize",
          }
        : {
            requirement: "agent.capabilities.mcp-stdio-started",
            verdict: "fail",
            message: `${problem} within ${waitMs} ms of session/new ${first.sessionId}; every agent must support stdio MCP servers`,
            evidence: { expected: single.config, actual: single.records() },
          },
    );

    if (problem !== undefined) {
      context.check({
        requirement: "agent.cleanup.mcp-servers-stopped-on-close",
        verdict: "not-tested",
        message:
          "the agent started no stdio MCP server (agent.capabilities.mcp-stdio-started reports it), so none could stop",
      });
      context.check({
        requirement: "agent.capabilities.mcp-all-servers-started",
        verdict: "not-tested",
        message:
          "the agent did not start even one stdio MCP server (agent.capabilities.mcp-stdio-started reports it), so two at once tell nothing more",
      });
    } else {
      await checkStoppedOnClose(agent, result, first.sessionId, single);
      const pair = [
        new StdioStub(records, "acp-conformance-first", marker),
        new StdioStub(records, "acp-conformance-second", marker),
      ];
      const second = await openSession(agent, { mcpServers: pair.map((stub) => stub.config) });
      await waitFor(() => pair.every((stub) => stub.contacted), waitMs, context.signal);
      const missed = pair.filter((stub) => !stub.contacted);
      context.check(
        missed.length === 0
          ? {
              requirement: "agent.capabilities.mcp-all-servers-started",
              verdict: "pass",
              message: "both stdio MCP servers listed in one session/new were started and sent initialize",
            }
          : {
              requirement: "agent.capabilities.mcp-all-servers-started",
              verdict: "fail",
              message: `session/new ${second.sessionId} listed two MCP servers; ${missed.map((stub) => `"${stub.name}"`).join(" and ")} never got initialize within ${waitMs} ms`,
              evidence: {
                expected: pair.map((stub) => stub.config),
                actual: pair.map((stub) => ({ name: stub.name, records: stub.records() })),
              },
            },
      );
    }

    if (http !== true) {
      notApplicable(
        context,
        ["agent.capabilities.mcp-http-accepted"],
        "the agent does not advertise mcpCapabilities.http, so a client must not list HTTP MCP servers",
      );
      return;
    }
    const server = new HttpStub();
    await server.listen();
    context.defer(() => server.close());
    const outcome = agent.guardAuth(
      await agent.request("session/new", { cwd: agent.sessionCwd, mcpServers: [server.config] }),
    );
    if (outcome.kind !== "response" || outcome.error) {
      context.check({
        requirement: "agent.capabilities.mcp-http-accepted",
        verdict: "fail",
        message: `the agent advertises mcpCapabilities.http, but session/new with an HTTP MCP server got ${describeOutcome(outcome)}`,
        evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
      });
      return;
    }
    await waitFor(() => server.contacted, waitMs, context.signal);
    context.check(
      server.contacted
        ? {
            requirement: "agent.capabilities.mcp-http-accepted",
            verdict: "pass",
            message: "the HTTP MCP server listed in session/new was sent initialize",
          }
        : {
            requirement: "agent.capabilities.mcp-http-accepted",
            verdict: "fail",
            message: `the agent accepted an HTTP MCP server in session/new but never sent it MCP initialize within ${waitMs} ms`,
            evidence: {
              expected: server.config,
              actual: server.messages.map((message) => message.method),
            },
          },
    );
  },
};
