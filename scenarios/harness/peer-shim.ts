/**
 * The control channel between the kit and a mock peer it cannot spawn itself (the agent in
 * client mode, the adapter in host mode): per scenario, a directory holding the peer's
 * script, an executable shim that starts the scripted peer (this is what `{agent}` or
 * `{adapter}` expands to), and the NDJSON file in which the peer records everything it saw
 * and did. The kit reads that file after the target is done.
 */
import {
  chmodSync,
  closeSync,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { makeScratchDir, registerExitCleanup, removeScratchDir } from "../../kit/scratch-dirs.js";
import type { PeerEvent } from "../../peers/observation-log.js";
import type { AdapterScript, AgentScript } from "../../peers/script-types.js";
import { peerEntryPoint } from "../../peers/entry-point.js";

export class PeerShim {
  readonly dir: string;
  /** The executable the client under test is given: no spaces in its path. */
  readonly path: string;
  readonly eventsFile: string;
  readonly #stopCleanupAtExit: () => void;

  constructor(script: AgentScript | AdapterScript) {
    this.dir = makeScratchDir(`${script.role}-`);
    if (/\s/.test(this.dir))
      throw new Error(
        `the temporary directory ${this.dir} has a space in its path; set TMPDIR to a path without one`,
      );
    const scriptFile = join(this.dir, "script.json");
    this.eventsFile = join(this.dir, "events.ndjson");
    this.path = join(this.dir, script.role);
    writeFileSync(scriptFile, JSON.stringify(script));
    writeFileSync(this.eventsFile, "");
    const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
    // The control directory travels in the shim itself: a target may scrub its children's environment.
    writeFileSync(
      this.path,
      `#!/bin/sh\nACP_CONFORMANCE_CONTROL_DIR=${quote(this.dir)} exec ${[process.execPath, peerEntryPoint(), script.role, "--script", scriptFile, "--log", this.eventsFile].map(quote).join(" ")}\n`,
    );
    chmodSync(this.path, 0o755);
    this.#stopCleanupAtExit = registerExitCleanup(() => this.#removeMadePaths());
  }

  /** Everything the mock peer recorded so far (every process of it the target started, in order). */
  events(): PeerEvent[] {
    return parseEventLines(readFileSync(this.eventsFile, "utf8"));
  }

  /**
   * The events recorded since the last call (whole lines only): for watching a run as it goes,
   * each line read and parsed once however often it is called (a flood's events can be large).
   */
  newEvents(): PeerEvent[] {
    let fd: number;
    try {
      fd = openSync(this.eventsFile, "r");
    } catch {
      return []; // removed: nothing more will come
    }
    try {
      const unread = fstatSync(fd).size - this.#readOffset;
      if (unread <= 0) return [];
      const bytes = Buffer.alloc(unread);
      readSync(fd, bytes, 0, unread, this.#readOffset);
      const end = bytes.lastIndexOf(0x0a);
      if (end < 0) return [];
      this.#readOffset += end + 1;
      return parseEventLines(bytes.subarray(0, end).toString("utf8"));
    } finally {
      closeSync(fd);
    }
  }
  #readOffset = 0;

  /** Lets a scripted peer waiting in an awaitRelease action named `name` go on. */
  release(name: string): void {
    writeFileSync(join(this.dir, `release-${name}`), "");
  }

  remove(): void {
    this.#removeMadePaths();
    this.#stopCleanupAtExit();
    removeScratchDir(this.dir);
  }

  #removeMadePaths(): void {
    let events: PeerEvent[];
    try {
      events = this.events();
    } catch {
      return; // no log left to read
    }
    for (const event of events)
      if (event.kind === "made-path") rmSync(event.path, { recursive: true, force: true });
  }
}

/** The events file's NDJSON: one event per non-blank line. */
function parseEventLines(text: string): PeerEvent[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as PeerEvent);
}
