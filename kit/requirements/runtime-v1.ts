/**
 * What the kit checks of a runtime-protocol-v1 executable (the kit plays the parent that
 * writes the request, and the agent the request names, over transport "stdio"): its events
 * and exit codes, request validation, the 256 KiB input boundary, the output limits, the
 * timeout, cancellation by signal, and that no descendant of the agent survives.
 * The contract is stated in docs/stdio-protocols.md; the shapes in schemas/runtime-v1.schema.json.
 */
import type { Requirement } from "./types.js";

const DOC = "docs/stdio-protocols.md";
const SCHEMA = "schemas/runtime-v1.schema.json";

const runtime = <const R extends Omit<Requirement, "protocol" | "side">>(requirement: R) => ({
  protocol: "runtime-v1" as const,
  side: "runtime" as const,
  ...requirement,
});

export const RUNTIME_V1_REQUIREMENTS = [
  runtime({
    id: "runtime.framing.events-valid",
    title: "every stdout line is one valid runtime event (message, result or error, with protocolVersion 1)",
    area: "framing",
    level: "must",
    cite: `${SCHEMA}#/$defs/Event`,
  }),
  runtime({
    id: "runtime.framing.one-envelope-then-eof",
    title:
      'over transport "stdio" the agent gets exactly one line, a valid envelope whose task is the request\'s task unchanged, and then EOF',
    area: "framing",
    level: "must",
    cite: `${DOC}#envelope`,
  }),
  runtime({
    id: "runtime.framing.reassembles-split-lines",
    title: "an agent event line written in several pieces, with pauses between them, is read as one event",
    area: "framing",
    level: "must",
    cite: `${DOC}#host-duties`,
  }),
  runtime({
    id: "runtime.events.one-terminal-event",
    title: "exactly one terminal event (result or error), and it is the last line",
    area: "events",
    level: "must",
    cite: `${DOC}#runtime-events`,
  }),
  runtime({
    id: "runtime.events.exit-code-agrees",
    title: "exit 0 after a result event, nonzero after an error event",
    area: "events",
    level: "must",
    cite: `${DOC}#runtime-events`,
  }),
  runtime({
    id: "runtime.events.completes-task",
    title:
      "a valid stdio task: the agent's messages become message events in order (unknown event types and blank text do not), then a result",
    area: "events",
    level: "must",
    cite: `${DOC}#runtime-events`,
  }),
  runtime({
    id: "runtime.events.messages-streamed",
    title: "message events are written as the agent's messages arrive, not batched at the end",
    area: "events",
    level: "should",
    cite: `${DOC}#runtime-events`,
  }),
  runtime({
    id: "runtime.events.duplicate-id-shown-once",
    title: "an agent message whose id was already shown does not become a second message event",
    area: "events",
    level: "must",
    cite: `${DOC}#events`,
  }),
  runtime({
    id: "runtime.events.agent-error-fails",
    title: "an error event from the agent ends the run with an error event, even when the agent exits 0",
    area: "events",
    level: "must",
    cite: `${DOC}#events`,
  }),
  runtime({
    id: "runtime.events.non-json-line-fails",
    title: "an agent stdout line that is not JSON ends the run with an error event",
    area: "events",
    level: "must",
    cite: `${DOC}#events`,
  }),
  runtime({
    id: "runtime.initialization.rejects-unsupported-version",
    title: "protocolVersion 2: an error event and a nonzero exit, and no agent is started",
    area: "initialization",
    level: "must",
    cite: `${SCHEMA}#/$defs/Request/properties/protocolVersion`,
  }),
  runtime({
    id: "runtime.initialization.rejects-unknown-fields",
    title: "an unknown top-level member: an error event and a nonzero exit, and no agent is started",
    area: "initialization",
    level: "must",
    cite: `${DOC}#runtime-request`,
  }),
  runtime({
    id: "runtime.initialization.validates-fields",
    title:
      "a relative or missing cwd, timeoutMs 0 or 3600001, a blank command, a missing task.request, an unknown transport, or a request that is not JSON: each an error event and a nonzero exit, and no agent is started",
    area: "initialization",
    level: "must",
    cite: `${DOC}#runtime-request`,
  }),
  runtime({
    id: "runtime.limits.input-boundary",
    title:
      "a request of exactly 262,144 bytes is accepted; one of 262,145 bytes is refused before any agent is started",
    area: "limits",
    level: "must",
    cite: `${DOC}#runtime-request`,
  }),
  runtime({
    id: "runtime.limits.stdout-capped",
    title: "more than 2 MiB of agent stdout ends the run with an error event",
    area: "limits",
    level: "must",
    cite: `${DOC}#runtime-events`,
  }),
  runtime({
    id: "runtime.limits.stderr-capped",
    title: "more than 2 MiB of agent stderr ends the run with an error event",
    area: "limits",
    level: "must",
    cite: `${DOC}#runtime-events`,
  }),
  runtime({
    id: "runtime.timeouts.enforced",
    title:
      "an agent still running at the request's timeoutMs is stopped, with its tree, and the run ends with an error event",
    area: "timeouts",
    level: "must",
    cite: `${DOC}#runtime-events`,
  }),
  runtime({
    id: "runtime.cleanup.cancel-by-signal",
    title:
      "SIGTERM or SIGINT to the runtime while the agent runs: the agent's tree is stopped, an error event, a nonzero exit",
    area: "cleanup",
    level: "must",
    cite: `${DOC}#runtime-events`,
  }),
  runtime({
    id: "runtime.cleanup.no-descendants",
    title:
      "after the run, no descendant of the agent survives (its children included), however the run ended",
    area: "cleanup",
    level: "must",
    cite: `${DOC}#runtime-events`,
  }),
] as const satisfies readonly Requirement[];

export type RuntimeV1RequirementId = (typeof RUNTIME_V1_REQUIREMENTS)[number]["id"];
