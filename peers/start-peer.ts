/** Starts the runtime for a script's role over some I/O: the one place the stream roles are wired up (a host drives a process instead: see host/mock-host.ts). */
import { MockAdapterRuntime } from "./adapter/mock-adapter-runtime.js";
import { MockAgentRuntime } from "./agent/mock-agent-runtime.js";
import { MockClientRuntime } from "./client/mock-client-runtime.js";
import type { ObservationLog } from "./observation-log.js";
import { PeerWire, type PeerIo } from "./peer-wire.js";
import type { AdapterScript, AgentScript, ClientScript } from "./script-types.js";

export interface StartedPeer {
  wire: PeerWire;
  /** For a client: resolves when every step has run. For an agent or adapter: never (they end themselves). */
  done: Promise<void>;
  /** Ends what the peer runs on the side (a client's terminals); the peer's own end does it too. */
  stop?(): Promise<void>;
}

export function startPeer(
  script: AgentScript | ClientScript | AdapterScript,
  io: PeerIo,
  log: ObservationLog,
): StartedPeer {
  const wire = new PeerWire(io, script.faults, log);
  if (script.role === "adapter") {
    new MockAdapterRuntime(script, wire).start();
    return { wire, done: new Promise(() => {}) };
  }
  if (script.role === "agent") {
    new MockAgentRuntime(script, wire).start();
    return { wire, done: new Promise(() => {}) };
  }
  const client = new MockClientRuntime(script, wire);
  client.start();
  return { wire, done: client.done, stop: () => client.stop() };
}
