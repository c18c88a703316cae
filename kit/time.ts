/**
 * Timers that never keep the process alive: a deadline that is no longer awaited must not
 * hold the kit open for seconds after its verdict is printed.
 */

/** Resolves after `ms` without keeping the event loop alive. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
}

/** The promise's value, or undefined if `ms` passes first. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, sleep(ms).then(() => undefined)]);
}

/**
 * Keeps the process alive until the returned release is called. A run holds one: while it
 * waits on nothing but the timers above (a pause for a target's leftovers to go, after the
 * target exited), Node would otherwise end it early, silently, with exit code 0.
 */
export function holdProcessOpen(): () => void {
  const handle = setInterval(() => {}, 60_000);
  return () => clearInterval(handle);
}
