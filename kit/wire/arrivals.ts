/**
 * Wake-ups for code waiting on the wire: a waiter sleeps until something arrives (a frame, the
 * end of stdout, the target's exit) or its time is up, whichever comes first, then looks again.
 */
export class Arrivals {
  readonly #waiters = new Set<() => void>();

  /** Resolves at the next wake-up, or after `timeoutMs`. */
  next(timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      this.#waiters.add(wake);
    });
  }

  wakeAll(): void {
    for (const wake of [...this.#waiters]) wake();
  }
}
