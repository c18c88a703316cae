/**
 * W3C trace context for the reference agent's prompt results: a turn the client traced
 * (`_meta.traceparent` on session/prompt) is answered in the same trace, under a span of the
 * agent's own, as OpenTelemetry propagation does. The reserved keys carry trace context only.
 */
import { randomBytes } from "node:crypto";

const TRACEPARENT = /^00-([0-9a-f]{32})-[0-9a-f]{16}-([0-9a-f]{2})$/;

/** `{ _meta: { traceparent, tracestate? } }` continuing the request's trace, or nothing when it carried none. */
export function continueTrace(meta: Record<string, unknown> | null | undefined): {
  _meta?: Record<string, string>;
} {
  const match = typeof meta?.traceparent === "string" ? TRACEPARENT.exec(meta.traceparent) : null;
  if (!match) return {};
  const traceparent = `00-${match[1]}-${randomBytes(8).toString("hex")}-${match[2]}`;
  const continued: Record<string, string> = { traceparent };
  if (typeof meta?.tracestate === "string") continued.tracestate = meta.tracestate;
  return { _meta: continued };
}
