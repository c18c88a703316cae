import { randomUUID } from "node:crypto";

/** A text no target prints by chance: scenarios look for it in what the target showed. */
export function nonce(label: string): string {
  return `kit-${label}-${randomUUID().slice(0, 8)}`;
}
