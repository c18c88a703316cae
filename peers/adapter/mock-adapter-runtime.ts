/**
 * The scripted mock stdio adapter: reads the envelope line (and waits for EOF a while, so a
 * host that never closes stdin is recorded rather than hanging the test), then runs its
 * actions in order: message, error and arbitrary events, raw lines, floods, descendants, file
 * edits, hangs and exits. Every event it writes goes through the PeerWire, so the script's
 * wire faults (split lines, CRLF, coalesced writes) apply to them.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { PeerWire } from "../peer-wire.js";
import type { AdapterAction, AdapterScript } from "../script-types.js";

const DEFAULT_EOF_WAIT_MS = 2_000;
const FLOOD_LINE_TEXT_BYTES = 64 * 1024 - 32;

export class MockAdapterRuntime {
  readonly #script: AdapterScript;
  readonly #wire: PeerWire;
  #lines = 0;
  #firstLine = "";
  #started = false;
  readonly #cwd: string;

  constructor(script: AdapterScript, wire: PeerWire, cwd: string = process.cwd()) {
    this.#script = script;
    this.#wire = wire;
    this.#cwd = cwd;
  }

  start(): void {
    let eofTimer: NodeJS.Timeout | undefined;
    this.#wire.start(
      (_message, text) => {
        this.#lines += 1;
        if (this.#lines === 1) this.#firstLine = text;
        // The envelope is one line then EOF; a host that keeps stdin open gets noted, then served.
        if (this.#lines === 1)
          eofTimer = setTimeout(() => this.#run(false), this.#script.eofWaitMs ?? DEFAULT_EOF_WAIT_MS);
      },
      () => {
        clearTimeout(eofTimer);
        this.#run(true);
      },
    );
  }

  #run(eof: boolean): void {
    if (this.#started) return;
    this.#started = true;
    this.#wire.log.add({ kind: "envelope", text: this.#firstLine, lines: this.#lines, eof });
    void this.#perform().catch((error: Error) => {
      process.stderr.write(`mock adapter: ${error.message}\n`);
      void this.#wire.exit(70);
    });
  }

  async #perform(): Promise<void> {
    const actions = this.#script.actions ?? [{ message: { text: "The mock adapter did its task." } }];
    for (const action of actions) await this.#act(action);
    await this.#wire.exit(0);
  }

  async #act(action: AdapterAction): Promise<void> {
    if ("message" in action)
      this.#wire.sendEvent({
        type: "message",
        ...(action.message.id !== undefined ? { id: action.message.id } : {}),
        text: action.message.text,
      });
    else if ("error" in action)
      this.#wire.sendEvent({
        type: "error",
        ...(action.error.message !== undefined ? { message: action.error.message } : {}),
      });
    else if ("event" in action) this.#wire.sendEvent(action.event);
    else if ("floodMessages" in action) {
      // Valid message lines, so only the total size can be held against the adapter.
      const line = { type: "message", text: "f".repeat(FLOOD_LINE_TEXT_BYTES) };
      const lineBytes = JSON.stringify(line).length + 1;
      for (let written = 0; written < action.floodMessages.bytes; written += lineBytes)
        this.#wire.sendEvent(line, { log: false });
      await this.#wire.drained();
    } else if ("awaitRelease" in action) {
      const { name, timeoutMs = 10_000 } = action.awaitRelease;
      const controlDir = process.env.ACP_CONFORMANCE_CONTROL_DIR;
      const deadline = Date.now() + timeoutMs;
      const isReleased = () => controlDir !== undefined && existsSync(join(controlDir, `release-${name}`));
      let released = isReleased();
      while (controlDir !== undefined && !released && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 20));
        released = isReleased();
      }
      this.#wire.log.add({ kind: "release", name, released });
    } else if ("writeFile" in action) {
      const path = resolve(this.#cwd, action.writeFile.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, action.writeFile.content);
    } else await this.#wire.runCommonAction(action);
  }
}
