/** Example: driving a small ACP agent with the scripted mock client, in-process. */
import * as acp from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { mockClient } from "acp-conformance/peers";
import { tinyAgent } from "./tiny-agent.js";

describe("tiny agent driven by the mock client", () => {
  it("answers a prompt, and a cancel after the first update ends the turn with cancelled", async () => {
    const client = mockClient({
      steps: [
        { initialize: {} },
        { newSession: { cwd: "/tmp" } },
        { prompt: { text: "one two three" } },
        { prompt: { text: "a b c d e f g h i j k l m n o p", cancelAfterFirstUpdate: true } },
      ],
    });
    const { writable, readable } = client.connect();
    const connection = tinyAgent().connect(acp.ndJsonStream(writable, readable));
    await client.log.waitFor((event) => event.kind === "ended", {
      description: "the client to finish its steps",
    });
    await connection.closed;

    const prompts = client.log.ofKind("response").filter((event) => event.method === "session/prompt");
    expect(prompts.map((event) => event.result)).toEqual([
      { stopReason: "end_turn" },
      { stopReason: "cancelled" },
    ]);
    expect(client.log.ofKind("cancel")).toHaveLength(1);
    await client.close();
  });
});
