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
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

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

/**
 * Each module keeps its own import.meta.url (the file tsc wrote), so what it finds beside
 * itself (the reference's MCP stdio server, the peer's schemas) is found where it always was.
 */
const keepModuleUrls = {
  name: "keep-module-urls",
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, async (args) => {
      const { readFile } = await import("node:fs/promises");
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const url = JSON.stringify(pathToFileURL(resolve(args.path)).href);
      return { contents: source.replaceAll("import.meta.url", url), loader: "js" };
    });
  },
};

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
