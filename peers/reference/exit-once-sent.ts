/**
 * How a reference agent (and every fixture built on one) exits when its client has gone: once
 * the sends it had already scheduled have gone out. The agents send some updates a tick after an
 * answer (a session's commands, right after session/new's response); exiting at the end of stdin
 * at once would make whether those reached the client depend on scheduling, and with it the
 * verdict of a fixture whose defect is in them.
 */
export function exitOnceSent(code = 0): void {
  // Timers of the same delay fire in the order they were set, so this one runs after any
  // zero-delay send scheduled before the client left; the empty write then flushes stdout.
  setTimeout(() => setImmediate(() => process.stdout.write("", () => process.exit(code))), 0);
}
