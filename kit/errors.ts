/**
 * Errors that end a run. A user's mistake is a UsageError (one line, exit 2, no stack trace);
 * a KitBugError means the kit itself misbehaved, for example it was about to send an invalid
 * frame it did not mean to: that must never be mistaken for a finding about the target.
 */

export class UsageError extends Error {
  override name = "UsageError";
}

export class KitBugError extends Error {
  override name = "KitBugError";
}
