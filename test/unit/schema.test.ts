import { describe, expect, it } from "vitest";
import { AcpSchema, formatIssues } from "../../kit/wire/schema.js";

const schema = AcpSchema.load();

describe("AcpSchema (the v1 schema shipped in @agentclientprotocol/sdk)", () => {
  it("derives the method table from x-method annotations", () => {
    expect(schema.methods.get("initialize")).toMatchObject({
      kind: "request",
      handledBy: "agent",
      paramsDef: "InitializeRequest",
      resultDef: "InitializeResponse",
    });
    expect(schema.methods.get("session/cancel")).toMatchObject({ kind: "notification", handledBy: "agent" });
    expect(schema.methods.get("session/update")).toMatchObject({ kind: "notification", handledBy: "client" });
    expect(schema.methods.get("session/request_permission")).toMatchObject({
      kind: "request",
      handledBy: "client",
      resultDef: "RequestPermissionResponse",
    });
  });

  it("accepts valid payloads and explains invalid ones", () => {
    expect(schema.validateParams("initialize", { protocolVersion: 1 })).toEqual([]);
    expect(
      schema.validateParams("initialize", { protocolVersion: "1" })!.map((issue) => issue.path),
    ).toContain("/protocolVersion");
    expect(schema.validateResult("session/prompt", { stopReason: "end_turn" })).toEqual([]);
    expect(schema.validateResult("session/prompt", { stopReason: "done" })).not.toEqual([]);
    expect(
      schema.validateResult("initialize", { protocolVersion: 1, agentCapabilities: { loadSession: "no" } }),
    ).not.toEqual([]);
  });

  it("knows nothing of extension methods rather than rejecting them", () => {
    expect(schema.validateParams("_kit/noise", { anything: true })).toBeUndefined();
    expect(schema.validateResult("_kit/echo", null)).toBeUndefined();
  });

  it("names the error of the union branch the discriminator selects, with the offending value", () => {
    const update = (body: Record<string, unknown>) =>
      formatIssues(schema.validateParams("session/update", { sessionId: "s", update: body })!);
    expect(update({ sessionUpdate: "usage_update", used: null, size: 100 })).toBe(
      "/update/used usage_update: must be integer, got null",
    );
    expect(update({ sessionUpdate: "mystery" })).toMatch(
      /^\/update\/sessionUpdate must be one of "user_message_chunk", .*"usage_update".*; got "mystery"$/,
    );
    expect(update({ sessionUpdate: "agent_message_chunk", content: { type: "txt", text: "x" } })).toBe(
      '/update/content/type agent_message_chunk: must be one of "text", "image", "audio", "resource_link", "resource"; got "txt"',
    );
    expect(update({ sessionUpdate: "tool_call", toolCallId: "t", title: "x", status: "weird" })).toBe(
      '/update/status tool_call: must be one of "pending", "in_progress", "completed", "failed"; got "weird"',
    );
  });

  it("keeps errors outside the union, and says which property is unexpected or missing", () => {
    const issues = formatIssues(
      schema.validateParams("session/update", { sessionId: 5, update: { sessionUpdate: "plan" } })!,
    );
    expect(issues).toBe(
      "/update plan: must have required property 'entries'; /sessionId must be string, got 5",
    );
  });
});
