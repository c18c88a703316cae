/**
 * The payloads client mode's v2 update-variants scenario sends (scenarios/client/v2/
 * update-payloads-v2.ts) are valid v2: every session/update of a variant v2 defines validates
 * against schema/v2/schema.json's SessionUpdate and every permission request against
 * RequestPermissionRequest, so a client that fails on one fails on the protocol, not on a kit
 * mistake. The groups that send what v2 does not define (unknown values) are checked to do so.
 */
import { describe, expect, it } from "vitest";
import { AcpSchema } from "../../kit/wire/schema.js";
import { v2UpdateForAction } from "../../peers/agent/v2/updates-v2.js";
import { updateGroupsV2 } from "../../scenarios/client/v2/update-payloads-v2.js";

const schema = AcpSchema.load(2);
const groups = updateGroupsV2({ messages: "m", meta: "t", foreign: "f" });
const UNKNOWN_GROUP = "client.v2.extensibility.survives-unknown-values";

describe("client v2 update payloads", () => {
  for (const group of groups.filter((candidate) => candidate.requirement !== UNKNOWN_GROUP))
    it(`${group.requirement}: every payload is valid v2`, () => {
      for (const action of group.actions) {
        if ("update" in action) expect(schema.validateDef("SessionUpdate", action.update)).toEqual([]);
        else if ("foreignUpdate" in action)
          expect(
            schema.validateDef("SessionUpdate", v2UpdateForAction(action, (prefix) => `${prefix}-1`)?.body),
          ).toEqual([]);
        else if ("frame" in action) {
          const frame = JSON.parse(action.frame.replaceAll("{{sessionId}}", "s-1"));
          const def =
            frame.method === "session/update"
              ? "UpdateSessionNotification"
              : frame.method === "elicitation/complete"
                ? "CompleteElicitationNotification"
                : undefined;
          if (def) expect(schema.validateDef(def, frame.params)).toEqual([]);
          else expect(frame.method.startsWith("_")).toBe(true);
        } else if ("request" in action || "cancelRequest" in action) {
          const sent = "request" in action ? action.request.params : action.cancelRequest.params;
          const params = JSON.parse(JSON.stringify(sent).replaceAll("{{sessionId}}", "s-1"));
          const method = "request" in action ? action.request.method : action.cancelRequest.method;
          const def =
            method === "elicitation/create" ? "CreateElicitationRequest" : "RequestPermissionRequest";
          expect(schema.validateDef(def, params)).toEqual([]);
        } else throw new Error(`unexpected action ${JSON.stringify(action)}`);
      }
    });

  it("the unknown-values group sends values v2 does not define", () => {
    const sent = JSON.stringify(groups.find((group) => group.requirement === UNKNOWN_GROUP)?.actions);
    for (const value of ["future_variant", "_kit_block", "future_kind", "_kit_status", "_kit_severity"])
      expect(sent).toContain(value);
  });
});
