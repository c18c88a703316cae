// npm run coverage:docs: writes docs/coverage.md (v1) and docs/coverage-v2.md (v2) from the spec
// trace (kit/requirements/spec-trace/), through the compiled renderer, so run it after tsc (the npm
// script does). The files are committed; test/unit/spec-trace.test.ts fails while one differs
// from what this would write.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { COVERAGE_DOCS, renderCoverageMarkdown } from "../dist/bin/spec-coverage.js";

for (const [version, file] of Object.entries(COVERAGE_DOCS)) {
  const target = join(import.meta.dirname, "..", file);
  writeFileSync(target, renderCoverageMarkdown(Number(version)));
  console.log(`wrote ${target}`);
}
