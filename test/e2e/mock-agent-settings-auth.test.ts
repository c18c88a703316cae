/**
 * The mock agent's session settings and authentication, as a client on the official SDK sees
 * them: modes and config options in the session/new answer, set_mode and set_config_option
 * refused (-32602) for anything never offered, session/new refused (-32000) until authenticate,
 * and logout (only when advertised) bringing -32000 back for session operations.
 */
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { mockAgent, type MockPeer, type PeerScript } from "../../peers/index.js";
import type { AgentScript } from "../../peers/script-types.js";

const peers: Array<MockPeer<PeerScript>> = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.close();
});

/** Connects an SDK client to a mock agent and runs `body` with the connection. */
async function withAgent(
  script: Omit<AgentScript, "role">,
  body: (agent: acp.ClientContext) => Promise<void>,
) {
  const agent = mockAgent(script);
  peers.push(agent);
  const { writable, readable } = agent.connect();
  await acp
    .client({ name: "mock-agent-test" })
    .connectWith(acp.ndJsonStream(writable, readable), async (connection) => {
      await connection.request(acp.AGENT_METHODS.initialize, { protocolVersion: 1, clientCapabilities: {} });
      await body(connection);
    });
}

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof acp.RequestError ? error.code : String(error)),
  );

const MODES = {
  currentModeId: "ask",
  availableModes: [
    { id: "ask", name: "Ask" },
    { id: "code", name: "Code" },
  ],
};
const OPTIONS = [
  {
    id: "model",
    name: "Model",
    type: "select",
    currentValue: "small",
    options: [
      {
        group: "g",
        name: "G",
        options: [
          { value: "small", name: "S" },
          { value: "large", name: "L" },
        ],
      },
    ],
  },
  { id: "brave_mode", name: "Brave", type: "boolean", currentValue: false },
];

describe("the mock agent's settings and authentication", () => {
  it("offers modes and config options, and accepts only what it offered", async () => {
    await withAgent({ sessionSettings: { modes: MODES, configOptions: OPTIONS } }, async (agent) => {
      const session = await agent.request(acp.AGENT_METHODS.session_new, { cwd: "/tmp", mcpServers: [] });
      expect(session.modes).toEqual(MODES);
      expect(session.configOptions).toEqual(OPTIONS);
      const { sessionId } = session;
      const set = (params: Record<string, unknown>) =>
        code(agent.request("session/set_config_option", { sessionId, ...params }));
      expect(
        await code(agent.request(acp.AGENT_METHODS.session_set_mode, { sessionId, modeId: "code" })),
      ).toBe("ok");
      expect(
        await code(agent.request(acp.AGENT_METHODS.session_set_mode, { sessionId, modeId: "nope" })),
      ).toBe(-32602);
      expect(await set({ configId: "model", value: "large" })).toBe("ok");
      expect(await set({ configId: "model", value: "huge" })).toBe(-32602);
      expect(await set({ configId: "brave_mode", type: "boolean", value: true })).toBe("ok");
      expect(await set({ configId: "brave_mode", value: "true" })).toBe(-32602);
      expect(await set({ configId: "nope", value: "x" })).toBe(-32602);
    });
  });

  it("requires authenticate, and after an advertised logout answers -32000 again until the next one", async () => {
    const script = {
      requireAuth: ["login"],
      initialize: { agentCapabilities: { auth: { logout: {} } } },
      prompts: [{ actions: [{ stop: "end_turn" as const }] }],
    };
    await withAgent(script, async (agent) => {
      const newSession = () => agent.request(acp.AGENT_METHODS.session_new, { cwd: "/tmp", mcpServers: [] });
      expect(await code(newSession())).toBe(-32000);
      expect(await code(agent.request(acp.AGENT_METHODS.authenticate, { methodId: "other" }))).toBe(-32602);
      expect(await code(agent.request(acp.AGENT_METHODS.authenticate, { methodId: "login" }))).toBe("ok");
      const { sessionId } = await newSession();
      const prompt = () =>
        code(
          agent.request(acp.AGENT_METHODS.session_prompt, {
            sessionId,
            prompt: [{ type: "text", text: "hi" }],
          }),
        );
      expect(await prompt()).toBe("ok");
      expect(await code(agent.request(acp.AGENT_METHODS.logout, {}))).toBe("ok");
      expect(await prompt()).toBe(-32000);
      expect(await code(newSession())).toBe(-32000);
      expect(await code(agent.request(acp.AGENT_METHODS.authenticate, { methodId: "login" }))).toBe("ok");
      expect(await prompt()).toBe("ok");
    });
  });

  it("answers logout -32601 when it did not advertise it", async () => {
    await withAgent({}, async (agent) => {
      expect(await code(agent.request(acp.AGENT_METHODS.logout, {}))).toBe(-32601);
    });
  });
});
