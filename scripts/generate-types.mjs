// Generates TypeScript types from the JSON Schemas in schemas/ with json-schema-to-typescript.
// Run `npm run generate` after editing a schema; test/unit/generated-types.test.ts fails
// when a committed file is out of date.
import { readFileSync, writeFileSync } from "node:fs";
import { compile } from "json-schema-to-typescript";

export const GENERATED = [
  { schema: "schemas/report.schema.json", output: "kit/report/report-types.ts" },
  { schema: "schemas/peer-script.schema.json", output: "peers/script-types.ts" },
  { schema: "schemas/stdio-adapter.schema.json", output: "kit/stdio/adapter-types.ts" },
  { schema: "schemas/runtime-v1.schema.json", output: "kit/stdio/runtime-types.ts" },
];

export async function generate(schemaPath) {
  const schema = JSON.parse(readFileSync(schemaPath, "utf8"));
  const banner = `/* Generated from ${schemaPath} by scripts/generate-types.mjs; do not edit by hand. */`;
  // Protocol schemas are collections of $defs with no root type of their own.
  return compile(schema, schema.title, {
    bannerComment: banner,
    additionalProperties: false,
    unreachableDefinitions: true,
    style: { printWidth: 120 },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { schema, output } of GENERATED) {
    writeFileSync(output, await generate(schema));
    console.log(`wrote ${output}`);
  }
}
