/** Starts the runtime for a script's role over some I/O: the one place both roles are wired up. */
import { MockAgentRuntime } from "./agent/mock-agent-runtime.js";
import { MockClientRuntime } from "./client/mock-client-runtime.js";
import type { ObservationLog } from "./observation-log.js";
import { PeerWire, type PeerIo } from "./peer-wire.js";
import type { PeerScript } from "./script-types.js";

export interface StartedPeer {
  wire: PeerWire;
  /** For a client: resolves when every step has run. For an agent: never (it serves until the input ends). */
  done: Promise<void>;
}

export function startPeer(script: PeerScript, io: PeerIo, log: ObservationLog): StartedPeer {
  const wire = new PeerWire(io, script.faults, log);
  if (script.role === "agent") {
    new MockAgentRuntime(script, wire).start();
    return { wire, done: new Promise(() => {}) };
  }
  const client = new MockClientRuntime(script, wire);
  client.start();
  return { wire, done: client.done };
}
