/**
 * A spawned scripted peer must start light: it answers initialize without loading the CLI, the
 * reports, the ACP schema validator or fast-check. This walks the built module graph from the
 * peer's entry point, and checks that the bundle actually spawned is one file of our own code.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

function moduleGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(
      /(?:import|export)[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g,
    )) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      if (specifier.startsWith(".")) {
        const target = resolve(dirname(file), specifier);
        if (existsSync(target)) queue.push(target);
      } else if (!specifier.startsWith("node:"))
        packages.add(
          specifier
            .split("/")
            .slice(0, specifier.startsWith("@") ? 2 : 1)
            .join("/"),
        );
    }
  }
  return { files, packages };
}

describe("the spawned peer's start-up", () => {
  it("loads neither the CLI, the reports, the ACP schema nor fast-check", () => {
    const { files, packages } = moduleGraph(join(root, "dist/peers/main.js"));
    const relative = [...files].map((file) => file.slice(root.length + 1));
    expect(
      relative.filter(
        (file) => /^dist\/(bin|reports|scenarios)\//.test(file) || file.endsWith("kit/wire/schema.js"),
      ),
    ).toEqual([]);
    expect(
      [...packages].filter((name) =>
        ["yargs", "fast-check", "@agentclientprotocol/sdk", "execa"].includes(name),
      ),
    ).toEqual([]);
  });

  it("is spawned from one bundled file that imports only Node's built-ins", async () => {
    const { peerEntryPoint } = await import("../../peers/entry-point.js");
    expect(peerEntryPoint()).toBe(join(root, "dist/peers/peer-process.js"));
    const { files, packages } = moduleGraph(peerEntryPoint());
    expect([...files]).toEqual([peerEntryPoint()]);
    expect([...packages]).toEqual([]);
  });
});
