// An esbuild plugin for bundles that sit apart from the modules they bundle: each module keeps
// its own import.meta.url (the file tsc wrote), so what it finds beside itself (the reference
// peers' programs, the schemas and precompiled validators, package.json) is found where it
// always was, in dist/.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const keepModuleUrls = {
  name: "keep-module-urls",
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const url = JSON.stringify(pathToFileURL(resolve(args.path)).href);
      return { contents: source.replaceAll("import.meta.url", url), loader: "js" };
    });
  },
};
