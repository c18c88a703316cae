/** Finding the processes a test started, by a tag in their environment that descendants inherit. */
import { readFileSync, readdirSync } from "node:fs";

/** Live (non-zombie) processes whose environment contains ACP_CONFORMANCE_TEST_TAG=<tag>. */
export function processesTagged(tag: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue;
      if (
        readFileSync(`/proc/${name}/environ`, "utf8").split("\0").includes(`ACP_CONFORMANCE_TEST_TAG=${tag}`)
      )
        found.push(Number(name));
    } catch {
      // exited while we looked
    }
  }
  return found;
}
