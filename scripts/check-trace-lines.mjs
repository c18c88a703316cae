// node scripts/check-trace-lines.mjs <spec repo (a clone or a bare mirror)> [1|2]: checks, after
// `npm run build`, that every statement of the spec trace of that profile (default 2) points at a
// line of its page at the pinned commit that lies under its heading anchor and, for an RFC keyword,
// has the keyword on it or next to it. It needs a copy of the spec repository, which CI does not
// have, so it is a maintainer's tool and not a test; run it after adding or moving statements.
import { execFileSync } from "node:child_process";
import { PINNED_SPEC } from "../dist/kit/requirements/index.js";
import { TRACED_SIDES, traceOf } from "../dist/kit/requirements/spec-trace/index.js";

const [repository, versionArgument = "2"] = process.argv.slice(2);
if (repository === undefined) {
  console.error("usage: node scripts/check-trace-lines.mjs <spec repo> [1|2]");
  process.exit(2);
}
const version = Number(versionArgument);
const pages = new Map();
const linesOf = (page) => {
  if (!pages.has(page)) {
    const file = `${PINNED_SPEC.docsCommit}:docs/protocol/v${version}/${page}.mdx`;
    const text = execFileSync("git", ["-C", repository, "show", file], { maxBuffer: 1 << 28 }).toString();
    pages.set(page, text.split("\n"));
  }
  return pages.get(page);
};
// The docs site's heading anchors, as pages.ts and pages-v2.ts list them (a repeated heading's -n is ignored here).
const anchorOf = (heading) =>
  heading
    .replace(/<[^>]*\/>/g, "")
    .replace(/_([^_]+)_/g, "$1")
    .replace(/`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, "")
    .trim()
    .replace(/ /g, "-");
const sectionAt = (lines, line) => {
  let fenced = false;
  let section = "";
  for (const text of lines.slice(0, line)) {
    if (/^\s*```/.test(text)) fenced = !fenced;
    else if (!fenced && /^#{2,6}\s/.test(text)) section = anchorOf(text.replace(/^#+\s+/, ""));
  }
  return section;
};
let problems = 0;
for (const side of TRACED_SIDES)
  for (const statement of traceOf(side, version)) {
    const where = `${side} ${statement.id} (line ${statement.line})`;
    if (statement.line === undefined) {
      console.log(`${side} ${statement.id}: no line`);
      problems++;
      continue;
    }
    const lines = linesOf(statement.page);
    const keyword = statement.keyword.split(" ")[0];
    const near = lines.slice(statement.line - 2, statement.line + 2).join(" ");
    if (["MUST", "SHOULD", "MAY"].includes(keyword) && !new RegExp(keyword, "i").test(near)) {
      console.log(`${where}: no ${keyword} near "${lines[statement.line - 1]?.slice(0, 80)}"`);
      problems++;
    }
    const section = sectionAt(lines, statement.line);
    if (section !== statement.anchor.replace(/-\d+$/, "")) {
      console.log(`${where}: under #${section || "(top)"}, not #${statement.anchor || "(top)"}`);
      problems++;
    }
  }
console.log(`${problems} problem(s) in the v${version} trace`);
process.exit(problems === 0 ? 0 : 1);
