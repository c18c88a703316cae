// Bundles the fixture agents and clients the tests spawn (dist/fixtures/{agents,clients}/**)
// into dist/fixture-bundles/{agents,clients}/, the same relative paths, with what they import
// inlined and shared between a kind's fixtures in chunks. A fixture is spawned for every
// scenario of a run (an agent about 67 times, a client about 41): loading a hundred ES modules
// was a third of what such a spawn cost in CPU (0.21 to 0.15 CPU-s). The code that runs is the
// same; only how it is loaded changes, so nothing differs on the wire. The tests run these
// bundles (test/support/run-cli.ts); users never see them (package.json leaves them out).
//
// The agents built on the reference agent (the v2 fixtures, and the v1 ones that rewrite one of
// its messages) pay for @agentclientprotocol/sdk at every start: building its zod schemas took
// 0.75 CPU-s for v2, four fifths of such a spawn, and a third of the whole fixture corpus. So
// the SDK is built once, into V8 start-up snapshots (dist/fixture-bundles/sdk-*.blob), and
// those bundles take it from there: they run as `node --snapshot-blob <blob> <bundle>`
// (sdk-snapshot.json names each one's blob), and start in about 0.25 CPU-s. A blob holds only
// the entry points its bundles read: one with both the v1 and the v2 SDK cost the v1 fixtures
// 0.07 CPU-s more per start to deserialize than one with v1 alone (0.20 to 0.13). The SDK's
// modules do nothing at load but build schemas, so a snapshot of them is the state a fresh
// load reaches.
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { build } from "esbuild";
import { keepModuleUrls } from "./keep-module-urls.mjs";

const KINDS = ["agents", "clients"];
const OUT = "dist/fixture-bundles";
/** The SDK's entry points the fixtures import; a new one must be added here to be snapshotted. */
const SDK_ENTRIES = ["@agentclientprotocol/sdk", "@agentclientprotocol/sdk/experimental/v2"];
const SDK_GLOBAL = "__acpConformanceSdk";

/** The blob that holds these entry points: sdk-v1.blob, sdk-v2.blob, sdk-v1+v2.blob. */
function snapshotBlobFor(entries) {
  return `${OUT}/sdk-${entries.map((entry) => (entry.endsWith("/v2") ? "v2" : "v1")).join("+")}.blob`;
}

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

const exportsOf = Object.fromEntries(
  await Promise.all(SDK_ENTRIES.map(async (entry) => [entry, Object.keys(await import(entry))])),
);

/** Each import of an SDK entry point reads it from the snapshot's global instead. */
const sdkFromSnapshot = {
  name: "sdk-from-snapshot",
  setup(build) {
    build.onResolve({ filter: /^@agentclientprotocol\/sdk(\/.*)?$/ }, (args) => {
      if (!SDK_ENTRIES.includes(args.path))
        return {
          errors: [{ text: `${args.path} is not snapshotted: add it to SDK_ENTRIES in ${import.meta.url}` }],
        };
      return { path: args.path, namespace: "sdk-snapshot" };
    });
    build.onLoad({ filter: /.*/, namespace: "sdk-snapshot" }, (args) => {
      const names = exportsOf[args.path].filter((name) => name !== "default");
      return {
        contents: [
          `const sdk = globalThis.${SDK_GLOBAL}?.[${JSON.stringify(args.path)}];`,
          `if (sdk === undefined) throw new Error("this fixture takes the SDK from a start-up snapshot: run it as node --snapshot-blob <blob> <bundle>, the blob that ${OUT}/<kind>/sdk-snapshot.json names");`,
          `export const { ${names.join(", ")} } = sdk;`,
        ].join("\n"),
        loader: "js",
      };
    });
  },
};

// Chunk names carry a hash: clear the last build's so that they do not pile up.
rmSync(OUT, { recursive: true, force: true });
/** Each blob the bundles need, and the entry points it holds. */
const blobs = new Map();
for (const kind of KINDS) {
  const result = await build({
    entryPoints: fixturePrograms(`dist/fixtures/${kind}`),
    outbase: `dist/fixtures/${kind}`,
    outdir: `${OUT}/${kind}`,
    bundle: true,
    splitting: true,
    chunkNames: "_chunks/[name]-[hash]",
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [keepModuleUrls, sdkFromSnapshot],
    metafile: true,
    logLevel: "warning",
  });
  // The SDK entry points each bundle reads, through any chunk it imports.
  const outputs = result.metafile.outputs;
  const sdkEntriesOf = (output, entries = new Set(), seen = new Set()) => {
    if (seen.has(output)) return entries;
    seen.add(output);
    const { inputs, imports } = outputs[output];
    for (const input of Object.keys(inputs))
      if (input.startsWith("sdk-snapshot:")) entries.add(input.slice("sdk-snapshot:".length));
    for (const imported of imports) if (imported.path in outputs) sdkEntriesOf(imported.path, entries, seen);
    return entries;
  };
  const users = {};
  for (const [output, { entryPoint }] of Object.entries(outputs).sort(([a], [b]) => a.localeCompare(b))) {
    if (entryPoint === undefined) continue;
    const read = sdkEntriesOf(output);
    const entries = SDK_ENTRIES.filter((entry) => read.has(entry));
    if (entries.length === 0) continue;
    blobs.set(snapshotBlobFor(entries), entries);
    users[relative(`${OUT}/${kind}`, output)] = relative(`${OUT}/${kind}`, snapshotBlobFor(entries));
  }
  writeFileSync(`${OUT}/${kind}/sdk-snapshot.json`, `${JSON.stringify({ users }, null, 2)}\n`);
}

// Each snapshot: its SDK entry points on a global, and a main that imports the bundle named
// on the command line, as `node <bundle>` would. Node 20 gives a snapshot's main no dynamic
// import of its own, so it borrows the main context's loader through vm (experimental there,
// and it says so once on stderr: a fixture's stderr is evidence, so that one warning is dropped).
for (const [blob, entries] of blobs) {
  const entry = `${OUT}/sdk-snapshot-entry.cjs`;
  await build({
    stdin: {
      contents: [
        ...entries.map((name, index) => `import * as sdk${index} from ${JSON.stringify(name)};`),
        `globalThis.${SDK_GLOBAL} = { ${entries.map((name, index) => `${JSON.stringify(name)}: sdk${index}`).join(", ")} };`,
        `import { startupSnapshot } from "node:v8";`,
        `startupSnapshot.setDeserializeMainFunction(() => {`,
        `  const { runInThisContext, constants } = require("node:vm");`,
        `  const { pathToFileURL } = require("node:url");`,
        `  const { resolve } = require("node:path");`,
        `  const emitWarning = process.emitWarning;`,
        `  process.emitWarning = (warning, ...rest) => {`,
        `    if (!String(warning).includes("USE_MAIN_CONTEXT_DEFAULT_LOADER")) emitWarning.call(process, warning, ...rest);`,
        `  };`,
        `  const url = pathToFileURL(resolve(process.argv[1])).href;`,
        `  runInThisContext(\`import(\${JSON.stringify(url)})\`, { importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER })`,
        `    .catch((error) => process.nextTick(() => { throw error; }));`,
        `});`,
      ].join("\n"),
      resolveDir: process.cwd(),
      loader: "js",
    },
    outfile: entry,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    logLevel: "warning",
  });
  execFileSync(process.execPath, ["--snapshot-blob", blob, "--build-snapshot", entry], {
    stdio: "inherit",
  });
  rmSync(entry);
}
