// npm run coverage:docs: writes docs/coverage.md from the spec trace (kit/requirements/spec-trace/),
// through the compiled renderer, so run it after tsc (the npm script does). The file is committed;
// test/unit/spec-trace.test.ts fails while it differs from what this would write.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderCoverageMarkdown } from "../dist/bin/spec-coverage.js";

const target = join(import.meta.dirname, "..", "docs", "coverage.md");
writeFileSync(target, renderCoverageMarkdown());
console.log(`wrote ${target}`);
