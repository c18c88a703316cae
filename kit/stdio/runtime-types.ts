/* Generated from schemas/runtime-v1.schema.json by scripts/generate-types.mjs; do not edit by hand. */

/**
 * This interface was referenced by `RuntimeProtocolV1`'s JSON-Schema
 * via the `definition` "Event".
 */
export type RuntimeEvent = RuntimeMessageEvent | RuntimeResultEvent | RuntimeErrorEvent;

/**
 * The runtime protocol v1: a parent writes one request (at most 256 KiB) to the runtime's stdin and closes it; the runtime writes NDJSON events and exits 0 after a result, nonzero after an error.
 */
export interface RuntimeProtocolV1 {
  [k: string]: unknown;
}
/**
 * This interface was referenced by `RuntimeProtocolV1`'s JSON-Schema
 * via the `definition` "Request".
 */
export interface RuntimeRequest {
  protocolVersion: 1;
  transport: "codex" | "acp" | "stdio";
  command: string;
  args?: string[];
  /**
   * An existing absolute directory.
   */
  cwd: string;
  timeoutMs?: number;
  model?: string;
  task: {
    request: string;
    [k: string]: unknown;
  };
}
/**
 * This interface was referenced by `RuntimeProtocolV1`'s JSON-Schema
 * via the `definition` "MessageEvent".
 */
export interface RuntimeMessageEvent {
  protocolVersion: 1;
  type: "message";
  text: string;
}
/**
 * This interface was referenced by `RuntimeProtocolV1`'s JSON-Schema
 * via the `definition` "ResultEvent".
 */
export interface RuntimeResultEvent {
  protocolVersion: 1;
  type: "result";
  output: string;
  stderr: string;
}
/**
 * This interface was referenced by `RuntimeProtocolV1`'s JSON-Schema
 * via the `definition` "ErrorEvent".
 */
export interface RuntimeErrorEvent {
  protocolVersion: 1;
  type: "error";
  message: string;
}
