/**
 * acp-conformance/peers: scripted, deterministic ACP peers for your own tests.
 *
 *   const agent = mockAgent({ prompts: [{ actions: [{ message: "hi" }, { stop: "end_turn" }] }]});
 *   const { writable, readable } = agent.connect();            // in-process
 *   const stream = acp.ndJsonStream(writable, readable);        // your client talks to it
 *   const { command, args } = agent.spawnCommand();              // or as a real process
 *
 * The same script runs either way, and `log` (or `readSpawnedLog()`) tells what happened.
 */
import { chmodSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { PassThrough, Readable, Writable } from "node:stream";
import { ObservationLog, type PeerEvent } from "./observation-log.js";
import { validateScript } from "./script.js";
import type { AdapterScript, AgentScript, ClientScript, HostScript, PeerScript } from "./script-types.js";
import { startHostTask, type HostTask } from "./host/mock-host.js";
import { startPeer, type StartedPeer } from "./start-peer.js";
import { peerEntryPoint } from "./entry-point.js";
import { makeScratchDir, removeScratchDir } from "../kit/scratch-dirs.js";

export { ObservationLog, type PeerEvent, type PeerEventKind } from "./observation-log.js";
export { ScriptError, validateScript, readScriptFile } from "./script.js";
export type {
  AgentScript,
  ClientScript,
  AdapterScript,
  HostScript,
  PeerScript,
  AgentAction,
  AdapterAction,
  ClientStep,
  Faults,
} from "./script-types.js";
export type { HostOutcome, HostTask } from "./host/mock-host.js";

/** Byte streams for the SDK's ndJsonStream(writable, readable): you write to the peer, you read from it. */
export interface PeerByteStreams {
  writable: WritableStream<Uint8Array>;
  readable: ReadableStream<Uint8Array>;
}

export interface MockPeer<S extends PeerScript> {
  readonly script: S;
  /** What the in-process peer saw and did (filled once connect() ran). */
  readonly log: ObservationLog;
  /** Starts the peer in this process and returns web streams for the SDK's ndJsonStream. */
  connect(): PeerByteStreams;
  /** The same, as Node streams: write to `input`, read from `output`. */
  connectNode(): { input: Writable; output: Readable };
  /** How to spawn the same peer as a process. A mock client given `agent` spawns that agent itself; a mock host needs `adapter`. */
  spawnCommand(options?: { agent?: string[]; adapter?: string[] }): { command: string; args: string[] };
  /** An executable file that runs the same peer (for tools that take one path). */
  executable(): string;
  /** The events a spawned peer has written to its log file so far. */
  readSpawnedLog(): ObservationLog;
  /** Waits for an event in the spawned peer's log. */
  waitForSpawned(
    predicate: (event: PeerEvent) => boolean,
    options?: { timeoutMs?: number; description?: string },
  ): Promise<PeerEvent>;
  /** Stops the in-process peer, kills what it spawned, and removes its temporary files. */
  close(): Promise<void>;
}

class ScriptedPeer<S extends PeerScript> implements MockPeer<S> {
  readonly script: S;
  readonly log = new ObservationLog();
  #started: StartedPeer | undefined;
  #streams: PassThrough[] = [];
  #dir: string | undefined;

  constructor(script: S) {
    this.script = validateScript(script) as S;
  }

  connectNode(): { input: Writable; output: Readable } {
    if (this.#started)
      throw new Error("this mock peer is already connected; create another with mockAgent()/mockClient()");
    const script: PeerScript = this.script;
    if (script.role === "host")
      throw new Error(
        "a mock host is not connected over streams: call run(command, args) to have it start an adapter",
      );
    const input = new PassThrough();
    const output = new PassThrough();
    const stderr = new PassThrough();
    stderr.resume(); // stderr noise and floods go nowhere in-process, but must not block the peer
    this.#streams = [input, output, stderr];
    this.#started = startPeer(script, { input, output, stderr, end: () => output.end() }, this.log);
    // A client whose steps are done closes the connection, as a client does.
    void this.#started.done.then(() => this.#started?.wire.exit(0));
    return { input, output };
  }

  connect(): PeerByteStreams {
    const { input, output } = this.connectNode();
    return {
      writable: Writable.toWeb(input) as WritableStream<Uint8Array>,
      readable: Readable.toWeb(output) as ReadableStream<Uint8Array>,
    };
  }

  #files(): { dir: string; script: string; log: string } {
    // Removed by close(), or when this process exits if close() was never called.
    this.#dir ??= makeScratchDir("peer-");
    const script = join(this.#dir, "script.json");
    if (!existsSync(script)) writeFileSync(script, JSON.stringify(this.script));
    return { dir: this.#dir, script, log: join(this.#dir, "events.ndjson") };
  }

  spawnCommand(options: { agent?: string[]; adapter?: string[] } = {}): { command: string; args: string[] } {
    if (this.script.role === "host" && !options.adapter?.length)
      throw new Error(
        "a spawned mock host needs the adapter to run: spawnCommand({ adapter: [command, ...args] })",
      );
    const files = this.#files();
    const args = [peerEntryPoint(), this.script.role, "--script", files.script, "--log", files.log];
    const other = options.agent ?? options.adapter;
    if (other) args.push("--", ...other);
    return { command: process.execPath, args };
  }

  executable(): string {
    const { command, args } = this.spawnCommand();
    const shim = join(this.#files().dir, `mock-${this.script.role}`);
    const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
    writeFileSync(shim, `#!/bin/sh\nexec ${[command, ...args].map(quote).join(" ")} "$@"\n`);
    chmodSync(shim, 0o755);
    return shim;
  }

  readSpawnedLog(): ObservationLog {
    const log = new ObservationLog();
    if (this.#dir === undefined) return log;
    const file = join(this.#dir, "events.ndjson");
    if (!existsSync(file)) return log;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      log.events.push(JSON.parse(line) as PeerEvent);
    }
    return log;
  }

  async waitForSpawned(
    predicate: (event: PeerEvent) => boolean,
    options: { timeoutMs?: number; description?: string } = {},
  ): Promise<PeerEvent> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const found = this.readSpawnedLog().events.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(
          `timed out waiting for ${options.description ?? "a matching event"} in the spawned peer's log`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close(): Promise<void> {
    for (const stream of this.#streams) stream.destroy();
    await this.#started?.stop?.();
    const pids = [
      ...(this.#started?.wire.spawned ?? []),
      ...this.readSpawnedLog()
        .ofKind("spawned")
        .map((event) => event.pid),
    ];
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    if (this.#dir) removeScratchDir(this.#dir);
    this.#dir = undefined;
  }
}

/** A scripted mock stdio host: `run()` starts an adapter and holds it to the protocol, or spawn it with spawnCommand({ adapter }). */
export class MockHost extends ScriptedPeer<HostScript> {
  readonly #tasks: HostTask[] = [];

  /** Runs one task on the adapter `command` in this process; its events go to `log`. */
  run(
    command: string,
    args: readonly string[] = [],
    options: { onMessage?: (text: string) => void } = {},
  ): HostTask {
    const task = startHostTask(this.script, command, args, this.log, options.onMessage);
    this.#tasks.push(task);
    return task;
  }

  override async close(): Promise<void> {
    for (const task of this.#tasks) task.cancel();
    await Promise.all(this.#tasks.map((task) => task.outcome));
    await super.close();
  }
}

/** A scripted mock stdio adapter. `role` may be left out. */
export function mockAdapter(
  script: Omit<AdapterScript, "role"> & { role?: "adapter" } = {},
): MockPeer<AdapterScript> {
  return new ScriptedPeer<AdapterScript>({ ...script, role: "adapter" });
}

/** A scripted mock stdio host. `role` may be left out. */
export function mockHost(script: Omit<HostScript, "role"> & { role?: "host" } = {}): MockHost {
  return new MockHost({ ...script, role: "host" });
}

/** A scripted mock ACP agent. `role` may be left out. */
export function mockAgent(
  script: Omit<AgentScript, "role"> & { role?: "agent" } = {},
): MockPeer<AgentScript> {
  return new ScriptedPeer<AgentScript>({ ...script, role: "agent" });
}

/** A scripted mock ACP client. `role` may be left out; `protocolVersion: 2` makes it speak the ACP v2 draft. */
export function mockClient(script: Omit<ClientScript, "role"> & { role?: "client" }): MockPeer<ClientScript> {
  return new ScriptedPeer<ClientScript>({ ...script, role: "client" });
}
