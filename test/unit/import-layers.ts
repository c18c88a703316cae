/**
 * The layer rule of ARCHITECTURE.md as data, and the reader that holds the code to it: every
 * relative import of every source file the build compiles (tsconfig.json's file list) is
 * checked against its folder's allowed targets. Imports are read with the TypeScript
 * compiler's own scanner, so `import type`, `export ... from` and `import()` count too: the
 * emitted JavaScript drops type-only imports, and a cycle of types is still a cycle.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import ts from "typescript";

export interface LayerRule {
  /** A folder (ending in "/") or a single file, relative to the repository root. */
  place: string;
  /** What files here may import, besides the Node built-ins and packages. */
  mayImport: readonly string[];
}

const GROUND = "kit/";
const SCENARIO_KIT = ["kit/", "peers/", "scenarios/harness/", "scenarios/properties/"];
const MODES = ["agent", "client", "adapter", "host"];

/** The most specific rule whose place contains a file applies to it. */
export const LAYER_RULES: readonly LayerRule[] = [
  { place: GROUND, mayImport: [GROUND] },
  { place: "peers/", mayImport: [GROUND, "peers/"] },
  { place: "scenarios/harness/", mayImport: [GROUND, "peers/", "scenarios/harness/"] },
  {
    place: "scenarios/properties/",
    mayImport: [GROUND, "peers/", "scenarios/harness/", "scenarios/properties/"],
  },
  ...MODES.map((mode) => ({
    place: `scenarios/${mode}/`,
    mayImport: [...SCENARIO_KIT, `scenarios/${mode}/`],
  })),
  // Runtime mode runs client mode's scenarios through the runtime's acp transport.
  { place: "scenarios/runtime/", mayImport: [...SCENARIO_KIT, "scenarios/runtime/", "scenarios/client/"] },
  { place: "scenarios/index.ts", mayImport: [GROUND, "scenarios/"] },
  { place: "engine/", mayImport: [GROUND, "engine/"] },
  { place: "reports/", mayImport: [GROUND, "reports/"] },
  { place: "bin/", mayImport: [GROUND, "peers/", "scenarios/", "engine/", "reports/", "bin/"] },
  { place: "fixtures/", mayImport: [GROUND, "peers/", "fixtures/"] },
];

export interface ImportEdge {
  from: string;
  to: string;
  /** The specifier as written, for the message. */
  specifier: string;
}

export interface LayerViolation {
  edge: ImportEdge;
  message: string;
}

function contains(place: string, file: string): boolean {
  return place.endsWith("/") ? file.startsWith(place) : file === place;
}

export function ruleFor(file: string, rules: readonly LayerRule[] = LAYER_RULES): LayerRule | undefined {
  return rules
    .filter((rule) => contains(rule.place, file))
    .sort((a, b) => b.place.length - a.place.length)[0];
}

/** Every import that points up or sideways, named by file and specifier. */
export function layerViolations(
  edges: readonly ImportEdge[],
  rules: readonly LayerRule[] = LAYER_RULES,
): LayerViolation[] {
  const violations: LayerViolation[] = [];
  for (const edge of edges) {
    const rule = ruleFor(edge.from, rules);
    if (!rule) {
      violations.push({ edge, message: `${edge.from} is in no layer: add its folder to LAYER_RULES` });
      continue;
    }
    if (rule.mayImport.some((place) => contains(place, edge.to))) continue;
    violations.push({
      edge,
      message: `${edge.from} imports "${edge.specifier}" (${edge.to}): files in ${rule.place} may import only ${rule.mayImport.join(", ")}`,
    });
  }
  return violations;
}

/** Import cycles between files (each as the files around the loop), found with Tarjan's algorithm. */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || next.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The sources tsconfig.json compiles, relative to `root`. */
export function compiledSources(root: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("tsconfig.json could not be read");
  return config.fileNames.map((file) => relative(root, file));
}

/** Every relative import of the given files that lands on a file of the repository. */
export function importEdges(root: string, files: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, from), "utf8"), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith(".")) continue;
      const target = normalize(join(dirname(from), specifier));
      const candidates = [target.replace(/\.js$/, ".ts"), target, `${target}.ts`, join(target, "index.ts")];
      const to = candidates.find((candidate) => existsSync(join(root, candidate)));
      if (!to) throw new Error(`${from} imports "${specifier}", which is no file of the repository`);
      edges.push({ from, to, specifier });
    }
  }
  return edges;
}
