import { describe, expect, it } from "vitest";
import { AcpSchema } from "../../kit/wire/schema.js";

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
});
