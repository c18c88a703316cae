import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The spawned peer's entry point: peer-process.js, main.js and its imports bundled into one file
 * at build time (scripts/bundle-peer.mjs) because a peer starts for every scenario. Next to this
 * file when built; in dist/ when the TypeScript runs directly.
 */
export function peerEntryPoint(): string {
  for (const candidate of ["./peer-process.js", "../dist/peers/peer-process.js"]) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error("acp-conformance is not built: run npm run build to spawn scripted peers");
}
