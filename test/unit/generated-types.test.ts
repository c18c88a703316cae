/** The committed TypeScript types must be what json-schema-to-typescript generates from schemas/. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { GENERATED, generate } from "../../scripts/generate-types.mjs";

describe("generated types", () => {
  for (const { schema, output } of GENERATED as Array<{ schema: string; output: string }>) {
    it(`${output} is up to date with ${schema} (run npm run generate)`, async () => {
      expect(readFileSync(output, "utf8")).toBe(await generate(schema));
    });
  }
});
