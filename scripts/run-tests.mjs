// npm test after the build: the type check, the formatter and linter check, and the vitest suite
// run side by side (the two checks need one core for a few seconds; the suite waits on child
// processes part of the time), then the node:test examples. Fails if any of them fails.
import { spawn } from "node:child_process";

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", shell: false });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const [typecheck, lint, suite] = await Promise.all([
  run(npx, ["tsc", "-p", "tsconfig.check.json"]),
  run(npx, ["biome", "check", "."]),
  run(npx, ["vitest", "run"]),
]);
const examples = await run(process.execPath, ["--test", "examples/node-test/"]);
if (typecheck !== 0) console.error("npm test: the type check failed (tsc -p tsconfig.check.json)");
if (lint !== 0)
  console.error("npm test: the format or lint check failed (npm run lint; npm run format fixes formatting)");
process.exitCode = typecheck || lint || suite || examples;
