/**
 * Keeps the kit's memory bounded while a target floods it. Every chunk read from a pipe is a
 * Buffer whose memory lives outside V8's heap; V8 frees it only when a garbage collection
 * finds the small wrapper object dead, and it does not hurry: a target writing a gigabyte
 * can leave a hundred megabytes or more of dead chunks waiting. After every RECLAIM_BYTES
 * read, the kit asks for a young-generation collection (a millisecond), which frees them.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const RECLAIM_BYTES = 16 * 1024 * 1024;

type CollectGarbage = (options?: { type: "minor" | "major"; execution?: "sync" }) => void;

let collect: CollectGarbage | null | undefined;
let readSinceCollect = 0;

function collector(): CollectGarbage | null {
  if (collect !== undefined) return collect;
  try {
    // The documented way to reach V8's gc() without starting node with --expose-gc.
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as CollectGarbage;
  } catch {
    collect = null;
  }
  return collect;
}

/** Counts bytes read from a target; collects the dead read buffers once enough have piled up. */
export function noteBytesRead(bytes: number): void {
  readSinceCollect += bytes;
  if (readSinceCollect < RECLAIM_BYTES) return;
  readSinceCollect = 0;
  collector()?.({ type: "minor" });
}
