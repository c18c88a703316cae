// Bundles the fixture agents and clients the tests spawn (dist/fixtures/{agents,clients}/**)
// into dist/fixture-bundles/{agents,clients}/, the same relative paths, with what they import
// (the SDK and zod too) inlined and shared between a kind's fixtures in chunks. A fixture is
// spawned for every scenario of a run (an agent about 67 times, a client about 41), and most
// fixture agents are the reference agent built on @agentclientprotocol/sdk: loading the SDK's
// hundred ES modules was a third of what such a spawn cost in CPU (0.21 to 0.15 CPU-s); a fixture
// client's dozen modules cost it about 0.01 of 0.13. The code that runs is the same; only how it
// is loaded changes, so nothing differs on the wire. The tests run these bundles
// (test/e2e/run-cli.ts); users never see them (package.json leaves them out of the package).
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { keepModuleUrls } from "./keep-module-urls.mjs";

const KINDS = ["agents", "clients"];

/** The fixture programs: every .js but the manifest and the shared bases. */
function fixturePrograms(dir) {
  const programs = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "_base") programs.push(...fixturePrograms(path));
    } else if (entry.name.endsWith(".js") && !entry.name.startsWith("manifest")) programs.push(path);
  }
  return programs;
}

// Chunk names carry a hash: clear the last build's so that they do not pile up.
rmSync("dist/fixture-bundles", { recursive: true, force: true });
for (const kind of KINDS) {
  await build({
    entryPoints: fixturePrograms(`dist/fixtures/${kind}`),
    outbase: `dist/fixtures/${kind}`,
    outdir: `dist/fixture-bundles/${kind}`,
    bundle: true,
    splitting: true,
    chunkNames: "_chunks/[name]-[hash]",
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [keepModuleUrls],
    logLevel: "warning",
  });
}
