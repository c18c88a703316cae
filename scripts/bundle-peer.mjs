// Bundles the spawned scripted peer (dist/peers/main.js and the dozen modules it imports) into
// one file, dist/peers/peer-process.js. A peer process is started for every scenario and every
// property case, and resolving and compiling a dozen ES modules was almost half of what it added
// to a bare Node start (npm run bench, "spawned mock agent start-up"). In-process users still import
// the modules; only the spawned process runs the bundle. It sits beside main.js so that the
// paths it resolves from import.meta.url (the script validators, the schemas) stay the same.
import { build } from "esbuild";

await build({
  entryPoints: ["dist/peers/main.js"],
  outfile: "dist/peers/peer-process.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Anything not our own stays an import, so the bundle can never carry a copy of a dependency.
  packages: "external",
  logLevel: "warning",
});
