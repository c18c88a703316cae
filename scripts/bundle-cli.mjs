// Bundles the CLI (dist/bin/main.js and the few hundred modules of the kit it imports) into one
// file, dist/bin/acp-conformance.js, the package's bin. Resolving and compiling those modules
// was most of the CLI's start: 0.65 CPU-s before any scenario ran, against about 0.3 bundled
// (npm run bench, "CLI start-up"); the fixture tests start the CLI some six hundred times a tier. The
// code that runs is the same; importers of the package (acp-conformance, /peers, /properties)
// still get the modules. Dependencies stay imports, so the bundle never carries a copy of one.
import { chmodSync } from "node:fs";
import { build } from "esbuild";
import { keepModuleUrls } from "./keep-module-urls.mjs";

const outfile = "dist/bin/acp-conformance.js";
await build({
  entryPoints: ["dist/bin/main.js"],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  plugins: [keepModuleUrls],
  logLevel: "warning",
});
chmodSync(outfile, 0o755);
