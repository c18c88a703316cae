import type { AdapterAction } from "../../peers/script-types.js";

/** Adapter actions that write one event line in `pieces` writes, `delayMs` apart: a reader must put it back together. */
export function splitLineActions(event: Record<string, unknown>, pieces = 3, delayMs = 300): AdapterAction[] {
  const line = Buffer.from(`${JSON.stringify(event)}\n`);
  const size = Math.ceil(line.length / pieces);
  const actions: AdapterAction[] = [];
  for (let offset = 0; offset < line.length; offset += size) {
    if (offset > 0) actions.push({ delay: delayMs });
    actions.push({ rawBase64: line.subarray(offset, offset + size).toString("base64") });
  }
  return actions;
}
