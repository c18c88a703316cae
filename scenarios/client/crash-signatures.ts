/**
 * How a client that crashed differs from one that failed its turn on purpose: both may exit
 * with code 1, but a crash leaves its runtime's own last words in the output. Only marks that
 * a runtime prints for an unhandled failure and nothing else are listed, so a client that logs
 * a handled error (with its stack trace) is never taken for a crashed one.
 */

const CRASH_MARKS: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  // Node prints its version after the stack of an uncaught exception or unhandled rejection that ends the process.
  { pattern: /^Node\.js v\d+\.\d+\.\d+\s*$/m, what: "Node's report of an uncaught exception" },
  { pattern: /^thread '[^']*' panicked at /m, what: "a Rust panic" },
  { pattern: /^goroutine \d+ \[running\]:\s*$/m, what: "a Go panic" },
];

/** What crash the output shows, in words, or undefined when it shows none. */
export function crashSignature(output: string): string | undefined {
  return CRASH_MARKS.find((mark) => mark.pattern.test(output))?.what;
}
