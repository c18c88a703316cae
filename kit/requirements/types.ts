/** The fixed area vocabulary and the shape of one registered requirement (ARCHITECTURE.md, section 5). */

export const AREAS = [
  "framing",
  "jsonrpc",
  "schema",
  "initialization",
  "session-matching",
  "prompt",
  "cancellation",
  "permission",
  "capabilities",
  "fs",
  "terminal",
  "extensibility",
  "events",
  "limits",
  "timeouts",
  "cleanup",
] as const;

export type Area = (typeof AREAS)[number];
export type Level = "must" | "should" | "info";
export type Side = "agent" | "client" | "adapter" | "host" | "runtime";
export type Protocol = "acp" | "stdio-adapter" | "runtime-v1";

export interface Requirement {
  /** `<side>.<area>.<slug>` */
  id: string;
  title: string;
  protocol: Protocol;
  side: Side;
  area: Area;
  level: Level;
  /** A capability path; when the peer does not advertise it the requirement is not applicable. */
  gate?: string;
  /** `docs/protocol/v1/<file>.mdx#<anchor>` or `schema/v1/schema.json#/<pointer>` at the pinned spec. */
  cite: string;
  /** Why the requirement reads as it does: the spec's reason, or the kit's where it takes a position. */
  rationale?: string;
  /**
   * The spec is silent here and the kit takes a position (a deadline, a size limit, a teardown
   * order, robustness against input the spec forbids): graded should, shown as the kit's
   * position in every report, and counted as a failure only under --strict.
   */
  position?: true;
  /**
   * A client requirement only client mode can test (it needs the client's own command line, as
   * `{session}` does): runtime mode, whose acp transport runs one task on a new session, does
   * not report it.
   */
  clientModeOnly?: true;
}
