/** The kit validates its own frames: an invalid one it did not mean to send is a kit bug, loudly. */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { KitBugError } from "../../kit/errors.js";
import { TargetProcess } from "../../kit/process/target.js";
import { tearDown } from "../../kit/process/teardown.js";
import { JsonRpcConnection } from "../../kit/wire/connection.js";
import { AcpSchema } from "../../kit/wire/schema.js";
import { Transcript } from "../../kit/wire/transcript.js";

describe("the kit's own frames", () => {
  it("throws KitBugError before sending invalid params, and sends them when they are a deliberate fault", async () => {
    const target = await TargetProcess.spawn({
      command: "cat",
      args: [],
      cwd: process.cwd(),
      marker: `test-${randomUUID()}`,
      maxLineBytes: 1024,
    });
    const transcript = new Transcript();
    const connection = new JsonRpcConnection({
      target,
      transcript,
      schema: AcpSchema.load(),
      writeTimeoutMs: 1000,
    });
    try {
      await expect(
        connection.request("initialize", { protocolVersion: "1" }, { waitMs: 100 }),
      ).rejects.toThrow(KitBugError);
      expect(transcript.entries.filter((entry) => entry.direction === "sent")).toEqual([]);
      // `cat` echoes the deliberate frame back: the transcript keeps both directions.
      await connection.request("initialize", { protocolVersion: "1" }, { waitMs: 300, deliberate: true });
      expect(transcript.entries.slice(0, 2).map((entry) => entry.direction)).toEqual(["sent", "received"]);
      expect(transcript.entries[0]!.text).toContain(`"protocolVersion":"1"`);
    } finally {
      await tearDown(target, { closeGraceMs: 1000, termGraceMs: 1000 });
    }
  });
});
