import { readFileSync } from "node:fs";

/** The kit's own version, read from package.json (two levels up from dist/kit/ and from kit/). */
function readVersion(): string {
  for (const relative of ["../../package.json", "../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === "acp-conformance" && pkg.version) return pkg.version;
    } catch {
      // try the next location
    }
  }
  return "0.0.0";
}

export const KIT_VERSION = readVersion();
