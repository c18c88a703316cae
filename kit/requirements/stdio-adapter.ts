/**
 * What the kit checks of a custom stdio adapter (the kit plays the host): one envelope line
 * in, then EOF; NDJSON message and error events out; bounded output; a timely exit with
 * nothing left behind; edits only inside its working directory.
 * The contract is stated in docs/stdio-protocols.md; the shapes in schemas/stdio-adapter.schema.json.
 */
import type { Requirement } from "./types.js";

const DOC = "docs/stdio-protocols.md";

const adapter = <const R extends Omit<Requirement, "protocol" | "side">>(requirement: R) => ({
  protocol: "stdio-adapter" as const,
  side: "adapter" as const,
  ...requirement,
});

export const STDIO_ADAPTER_REQUIREMENTS = [
  adapter({
    id: "adapter.framing.stdout-only-json",
    title: "every stdout line is one JSON object with a string type",
    area: "framing",
    level: "must",
    cite: `${DOC}#events`,
  }),
  adapter({
    id: "adapter.events.message-shape",
    title:
      'message events carry a string text, and a string id when they have one: {"type":"message","text":...,"id"?:...}',
    area: "events",
    level: "must",
    cite: "schemas/stdio-adapter.schema.json#/$defs/MessageEvent",
  }),
  adapter({
    id: "adapter.events.error-shape",
    title: 'error events carry a string message when they have one: {"type":"error","message"?:...}',
    area: "events",
    level: "must",
    cite: "schemas/stdio-adapter.schema.json#/$defs/ErrorEvent",
  }),
  adapter({
    id: "adapter.events.exit-code-agrees",
    title: "the exit code agrees with the outcome: 0 without an error event, nonzero with one",
    area: "events",
    level: "must",
    cite: `${DOC}#exit-and-cleanup`,
  }),
  adapter({
    id: "adapter.events.rejects-unsupported-version",
    title:
      "an envelope with an unsupported protocolVersion (2) is refused with an error event and a nonzero exit",
    area: "events",
    level: "should",
    cite: "schemas/stdio-adapter.schema.json#/$defs/Envelope",
  }),
  adapter({
    id: "adapter.limits.stdout-bounded",
    title: "an ordinary task writes less than 2 MiB to stdout",
    area: "limits",
    level: "must",
    cite: `${DOC}#limits`,
  }),
  adapter({
    id: "adapter.limits.stderr-bounded",
    title: "an ordinary task writes less than 2 MiB to stderr",
    area: "limits",
    level: "must",
    cite: `${DOC}#limits`,
  }),
  adapter({
    id: "adapter.limits.large-envelope",
    title: "a 256 KiB envelope is handled like any other: the task completes (exit 0, no error event)",
    area: "limits",
    level: "must",
    cite: `${DOC}#envelope`,
  }),
  adapter({
    id: "adapter.timeouts.finishes-in-time",
    title: "the adapter ends its task (exits) within --timeout",
    area: "timeouts",
    level: "must",
    cite: `${DOC}#limits`,
  }),
  adapter({
    id: "adapter.cleanup.exits-after-work",
    title: "once it has written its last event, the adapter exits within --close-grace",
    area: "cleanup",
    level: "must",
    cite: `${DOC}#exit-and-cleanup`,
    rationale:
      "A host waits for the exit to collect the result; a lingering adapter is killed, and its last output may be lost.",
  }),
  adapter({
    id: "adapter.cleanup.no-descendants",
    title: "no process the adapter started is alive after it exits",
    area: "cleanup",
    level: "must",
    cite: `${DOC}#exit-and-cleanup`,
  }),
  adapter({
    id: "adapter.fs.stays-in-cwd",
    title:
      "the adapter changes nothing outside its working directory (a canary tree beside it stays untouched)",
    area: "fs",
    level: "must",
    cite: `${DOC}#working-directory`,
  }),
] as const satisfies readonly Requirement[];

export type StdioAdapterRequirementId = (typeof STDIO_ADAPTER_REQUIREMENTS)[number]["id"];
