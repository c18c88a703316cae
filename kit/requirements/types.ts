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

/**
 * The ACP profiles the kit tests (`--protocol-version`): 1 is the stable protocol, 2 the draft
 * the SDK ships as `experimental/v2`. The stdio protocols have one version each and always run 1.
 */
export const PROTOCOL_VERSIONS = [1, 2] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

export interface Requirement {
  /** `<side>.<area>.<slug>`, or `<side>.v2.<area>.<slug>` for a requirement of the v2 profile alone. */
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
  /**
   * The ACP profiles that report the requirement; absent means v1 alone. A v2-only requirement's
   * id reads `<side>.v2.<area>.<slug>`; one both profiles check (the wire, JSON-RPC, limits,
   * cleanup) keeps its v1 id and lists both.
   */
  versions?: readonly ProtocolVersion[];
}

/** The profiles that report a requirement (see Requirement.versions). */
export function requirementVersions(requirement: Requirement): readonly ProtocolVersion[] {
  return requirement.versions ?? [1];
}
