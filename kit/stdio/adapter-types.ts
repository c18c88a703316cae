/* Generated from schemas/stdio-adapter.schema.json by scripts/generate-types.mjs; do not edit by hand. */

/**
 * The custom stdio adapter protocol: the host writes one envelope line then closes stdin; the adapter writes NDJSON events on stdout (at most 2 MiB) and logs on stderr (at most 2 MiB).
 */
export interface StdioAdapterProtocol {
  [k: string]: unknown;
}
/**
 * The one line a host writes to the adapter's stdin, followed by a newline and EOF.
 *
 * This interface was referenced by `StdioAdapterProtocol`'s JSON-Schema
 * via the `definition` "Envelope".
 */
export interface AdapterEnvelope {
  protocolVersion: 1;
  /**
   * The runtime request's task, passed through unchanged.
   */
  task: {
    [k: string]: unknown;
  };
  /**
   * Instructions and the bounded conversation, as one string.
   */
  prompt: string;
}
/**
 * A public reply. Blank text is not shown; a repeated id is shown once.
 *
 * This interface was referenced by `StdioAdapterProtocol`'s JSON-Schema
 * via the `definition` "MessageEvent".
 */
export interface AdapterMessageEvent {
  type: "message";
  text: string;
  id?: string;
  [k: string]: unknown;
}
/**
 * The task failed, whatever the exit code; without a message the host shows a generic one.
 *
 * This interface was referenced by `StdioAdapterProtocol`'s JSON-Schema
 * via the `definition` "ErrorEvent".
 */
export interface AdapterErrorEvent {
  type: "error";
  message?: string;
  [k: string]: unknown;
}
/**
 * One stdout line. Event types other than message and error are ignored by hosts.
 *
 * This interface was referenced by `StdioAdapterProtocol`'s JSON-Schema
 * via the `definition` "Event".
 */
export interface AdapterEvent {
  type: string;
  [k: string]: unknown;
}
