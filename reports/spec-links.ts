/**
 * Where a requirement's citation points: the ACP spec's docs and schema at the commit the kit
 * pins, as a link; the kit's own stdio protocol documents and schemas, as a path in the package.
 */
import { PINNED_SPEC } from "../kit/requirements/index.js";

/** A URL for citations into the ACP repository, or undefined for the kit's own documents. */
export function specUrl(cite: string): string | undefined {
  if (!cite.startsWith("docs/protocol/") && !cite.startsWith("schema/")) return undefined;
  const [path, anchor] = cite.split("#", 2);
  // JSON pointers are not anchors a browser understands; link the file.
  const fragment = anchor && !anchor.startsWith("/") ? `#${anchor}` : "";
  return `https://github.com/${PINNED_SPEC.repository}/blob/${PINNED_SPEC.docsCommit}/${path}${fragment}`;
}

/** The citation as text: `acp-conformance docs/...` for the kit's own documents. */
export function citeLabel(cite: string): string {
  return specUrl(cite) ? cite : `acp-conformance ${cite}`;
}
