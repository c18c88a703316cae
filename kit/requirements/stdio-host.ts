/**
 * What the kit checks of a stdio host (the kit plays the adapter, through `{adapter}`): the
 * envelope it writes, how it reads events, the limits and timeout it enforces, and that the
 * adapter's process group is gone however the task ends. "Completed" means the host exited 0;
 * "failed" means it exited nonzero by itself within --host-timeout; a message is "shown" when
 * its text appears in the host's stdout or stderr (see the README's host section).
 */
import type { Requirement } from "./types.js";

const DOC = "docs/stdio-protocols.md";

const host = <const R extends Omit<Requirement, "protocol" | "side">>(requirement: R) => ({
  protocol: "stdio-adapter" as const,
  side: "host" as const,
  ...requirement,
});

export const STDIO_HOST_REQUIREMENTS = [
  host({
    id: "host.framing.one-envelope-then-eof",
    title: "the adapter gets exactly one line, a valid envelope with protocolVersion 1, and then EOF",
    area: "framing",
    level: "must",
    cite: "schemas/stdio-adapter.schema.json#/$defs/Envelope",
  }),
  host({
    id: "host.framing.reassembles-split-lines",
    title: "an event line written in several pieces, with pauses between them, is read as one event",
    area: "framing",
    level: "must",
    cite: `${DOC}#host-duties`,
  }),
  host({
    id: "host.events.shows-messages",
    title: "a message event's text is shown, and a task that ends with exit 0 and no error event completes",
    area: "events",
    level: "must",
    cite: `${DOC}#events`,
  }),
  host({
    id: "host.events.duplicate-id-shown-once",
    title: "a message whose id was already shown is ignored",
    area: "events",
    level: "must",
    cite: `${DOC}#events`,
  }),
  host({
    id: "host.events.ignores-unknown-types",
    title: "events of other types are ignored: never shown, and they do not fail the task",
    area: "events",
    level: "must",
    cite: `${DOC}#events`,
  }),
  host({
    id: "host.events.non-json-line-fails",
    title: "a stdout line that is not JSON fails the task",
    area: "events",
    level: "must",
    cite: `${DOC}#events`,
  }),
  host({
    id: "host.events.error-event-fails",
    title: "an error event fails the task even when the adapter then exits 0",
    area: "events",
    level: "must",
    cite: `${DOC}#exit-and-cleanup`,
  }),
  host({
    id: "host.events.error-message-reported",
    title: "the error event's message is what the host reports as the reason",
    area: "events",
    level: "should",
    cite: `${DOC}#events`,
  }),
  host({
    id: "host.events.nonzero-exit-fails",
    title: "an adapter that exits nonzero without an error event fails the task",
    area: "events",
    level: "must",
    cite: `${DOC}#exit-and-cleanup`,
  }),
  host({
    id: "host.limits.stdout-capped",
    title: "more than 2 MiB of adapter stdout (valid message lines) fails the task",
    area: "limits",
    level: "must",
    cite: `${DOC}#limits`,
  }),
  host({
    id: "host.limits.stderr-capped",
    title: "more than 2 MiB of adapter stderr fails the task",
    area: "limits",
    level: "must",
    cite: `${DOC}#limits`,
  }),
  host({
    id: "host.timeouts.kills-hung-adapter",
    title:
      "an adapter that never finishes is stopped at the host's timeout and the task fails (within --host-timeout)",
    area: "timeouts",
    level: "must",
    cite: `${DOC}#limits`,
  }),
  host({
    id: "host.cleanup.adapter-group-gone",
    title:
      "after the task completes, fails or times out, nothing of the adapter's process group is left, its children included",
    area: "cleanup",
    level: "must",
    cite: `${DOC}#host-duties`,
  }),
  host({
    id: "host.cleanup.cancel-stops-adapter",
    title:
      "SIGTERM to the host while the adapter runs: the host stops the adapter's group, children included, and exits",
    area: "cleanup",
    level: "must",
    cite: `${DOC}#host-duties`,
  }),
] as const satisfies readonly Requirement[];

export type StdioHostRequirementId = (typeof STDIO_HOST_REQUIREMENTS)[number]["id"];
