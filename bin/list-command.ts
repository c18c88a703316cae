/** `acp-conformance list [mode] [--json]`: the requirements and scenarios of one mode or all. */
import { REQUIREMENTS } from "../kit/requirements/index.js";
import { MODES } from "../scenarios/index.js";

export function listCommand(argv: { mode?: string; json: boolean }): number {
  const side = argv.mode;
  const requirements = REQUIREMENTS.filter((requirement) => side === undefined || requirement.side === side);
  const scenarios = Object.entries(MODES)
    .filter(([mode]) => side === undefined || mode === side)
    .flatMap(([mode, definition]) =>
      definition.scenarios.map((scenario) => ({
        id: scenario.id,
        mode,
        title: scenario.title,
        requirements: scenario.requirements,
        needs: scenario.needs ?? [],
      })),
    );
  if (argv.json) process.stdout.write(`${JSON.stringify({ requirements, scenarios }, null, 2)}\n`);
  else {
    for (const requirement of requirements)
      process.stdout.write(
        `${requirement.id.padEnd(56)} ${requirement.level.padEnd(6)} ${requirement.title}\n`,
      );
    process.stdout.write(`\n${requirements.length} requirements, ${scenarios.length} scenarios\n`);
  }
  return 0;
}
