/** Validates a JSON report against schemas/report.schema.json, the contract other tools read. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { ROOT } from "./run-cli.js";

const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, "schemas/report.schema.json"), "utf8")));

/** The schema errors, one per line; empty when the report is valid. */
export function reportSchemaErrors(report: unknown): string {
  return validate(report)
    ? ""
    : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`).join("\n");
}
