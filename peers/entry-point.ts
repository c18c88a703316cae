import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The spawned peer's entry point: next to this file when built; in dist/ when the TypeScript runs directly. */
export function peerEntryPoint(): string {
  for (const candidate of ["./main.js", "../dist/peers/main.js"]) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error("acp-conformance is not built: run npm run build to spawn scripted peers");
}
