// tsc does not set the executable bit; npm links bins for installed packages but a
// clean clone runs dist/ files directly (fixtures, the reference agent), so set it here.
import { chmodSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const roots = [
  "dist/bin",
  "dist/fixtures/agents",
  "dist/fixtures/clients",
  "dist/fixtures/adapters",
  "dist/fixtures/hosts",
  "dist/fixtures/runtimes",
  "dist/peers/reference",
  "dist/peers",
];
for (const root of roots) {
  let names;
  try {
    names = readdirSync(root);
  } catch {
    continue;
  }
  for (const name of names) {
    const file = join(root, name);
    if (name.endsWith(".js") && statSync(file).isFile()) chmodSync(file, 0o755);
  }
}
