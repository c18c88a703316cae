/**
 * The control channel between the kit and a mock agent it cannot spawn itself (client mode):
 * per scenario, a directory holding the agent's script, an executable shim that starts the
 * scripted agent (this is what `{agent}` expands to), and the NDJSON file in which the agent
 * records everything it saw and did. The kit reads that file after the client is done.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PeerEvent } from "../../peers/observation-log.js";
import type { AgentScript } from "../../peers/script-types.js";
import { peerEntryPoint } from "../../peers/entry-point.js";


export class AgentShim {
  readonly dir: string;
  /** The executable the client under test is given: no spaces in its path. */
  readonly path: string;
  readonly eventsFile: string;

  constructor(script: AgentScript) {
    this.dir = mkdtempSync(join(tmpdir(), "acp-conformance-agent-"));
    if (/\s/.test(this.dir)) throw new Error(`the temporary directory ${this.dir} has a space in its path; set TMPDIR to a path without one`);
    const scriptFile = join(this.dir, "script.json");
    this.eventsFile = join(this.dir, "events.ndjson");
    this.path = join(this.dir, "agent");
    writeFileSync(scriptFile, JSON.stringify(script));
    writeFileSync(this.eventsFile, "");
    const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
    writeFileSync(this.path, `#!/bin/sh\nexec ${[process.execPath, peerEntryPoint(), "agent", "--script", scriptFile, "--log", this.eventsFile].map(quote).join(" ")}\n`);
    chmodSync(this.path, 0o755);
  }

  /** Everything the mock agent recorded so far (every agent process the client started, in order). */
  events(): PeerEvent[] {
    return readFileSync(this.eventsFile, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as PeerEvent);
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
