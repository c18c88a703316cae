/**
 * The shape of the spec trace: every normative statement of the pinned ACP spec that concerns
 * one side, each mapped to the requirements that check it, or excluded with a reason, or
 * listed as a gap. ARCHITECTURE.md, section 5, says how to add one.
 */
import type { RequirementId } from "../index.js";
import type { V1Page } from "./pages.js";

/**
 * The spec's own keyword; `schema` for a required field or closed enum of schema.json;
 * `implied` for normative prose without an RFC keyword (or a rule JSON-RPC brings in);
 * `position` where the spec is silent and the kit takes a position (a deadline, a size).
 */
export type Keyword =
  | "MUST"
  | "MUST NOT"
  | "SHOULD"
  | "SHOULD NOT"
  | "MAY"
  | "schema"
  | "implied"
  | "position";

export type ExclusionReason =
  /** Cannot be observed from outside the process (model internals, storage, intent). */
  | "not-black-box"
  /** About what a user sees or does; nothing on the wire to judge. */
  | "ui-only"
  /** Outside what a stdio conformance kit tests (other transports, permissions that nothing can break). */
  | "out-of-scope"
  /** The duty is the client's, though the statement names the agent. */
  | "client-side";

export interface Exclusion {
  reason: ExclusionReason;
  why: string;
}

/** A definition of the schema of the statement's profile: `schema/v1/...` in the v1 trace, `schema/v2/...` in the v2 one. */
export type SchemaPointer = `schema/v1/schema.json#/${string}` | `schema/v2/schema.json#/${string}`;

/** One statement; `Page` is V1Page in the v1 trace and V2Page in the v2 trace. */
export interface SpecStatement<Page extends string = V1Page> {
  /** `<page>#<slug>`: stable, so the lead can remap it after new requirements land. */
  id: string;
  /** The docs page, `docs/protocol/v<version>/<page>.mdx` at PINNED_SPEC.docsCommit. */
  page: Page;
  /** Heading anchor on that page; "" for the text before its first heading. */
  anchor: string;
  /** Line of the statement in the page at the pinned commit. */
  line?: number;
  /** For schema statements: the definition the payload must validate against. */
  schema?: SchemaPointer;
  keyword: Keyword;
  /** The statement in the kit's own words. */
  says: string;
  /** Exactly one of the three below (test/unit/spec-trace.test.ts holds it). */
  checkedBy?: readonly RequirementId[];
  excluded?: Exclusion;
  /** Testable but not checked yet: what a check would do. */
  gap?: string;
  /** A caveat on the mapping (for example: exercised only when an option is given). */
  note?: string;
}

export type TracedSide = "agent" | "client";

/** A statement of either profile's trace, where the code handles both. */
export type AnySpecStatement = SpecStatement<string>;
