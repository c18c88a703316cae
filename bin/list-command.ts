/** `acp-conformance list [mode] [--json] [--coverage [--verbose]] [--protocol-version 1|2]`: the requirements and scenarios of one mode or all, or the spec coverage of the ACP sides (v1's unless --protocol-version 2). */
import { UsageError } from "../kit/errors.js";
import { REQUIREMENTS, requirementVersions } from "../kit/requirements/index.js";
import {
  specCoverage,
  TRACED_SIDES,
  type TracedSide,
  traceOf,
} from "../kit/requirements/spec-trace/index.js";
import { MODE_PROFILES } from "../scenarios/index.js";
import { renderCoverageText } from "./spec-coverage.js";

export interface ListArguments {
  mode?: string;
  json: boolean;
  coverage?: boolean;
  verbose?: boolean;
  /** Only this ACP profile's requirements and scenarios; both when absent. */
  "protocol-version"?: number;
}

export function listCommand(argv: ListArguments): number {
  if (argv.coverage) return listCoverage(argv);
  const side = argv.mode;
  const version = argv["protocol-version"];
  const requirements = REQUIREMENTS.filter(
    (requirement) =>
      (side === undefined || requirement.side === side) &&
      (version === undefined ||
        requirement.protocol !== "acp" ||
        (requirementVersions(requirement) as readonly number[]).includes(version)),
  );
  const scenarios = MODE_PROFILES.filter(
    (profile) =>
      (side === undefined || profile.mode === side) && (version === undefined || profile.version === version),
  ).flatMap(({ mode, version: protocolVersion, definition }) =>
    definition.scenarios.map((scenario) => ({
      id: scenario.id,
      mode,
      protocolVersion,
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

function listCoverage(argv: ListArguments): number {
  if (argv.mode !== undefined && !TRACED_SIDES.includes(argv.mode as TracedSide))
    throw new UsageError(
      `--coverage traces the ACP spec, so it applies to ${TRACED_SIDES.join(" and ")} only, not ${argv.mode}`,
    );
  const sides = argv.mode === undefined ? TRACED_SIDES : [argv.mode as TracedSide];
  // The spec coverage of one profile: v1's, as before profiles existed, unless v2 is asked for.
  const version = argv["protocol-version"] === 2 ? 2 : 1;
  if (argv.json) {
    const coverage = sides.map((side) => ({
      ...specCoverage(side, version),
      statements: traceOf(side, version),
    }));
    process.stdout.write(`${JSON.stringify({ coverage }, null, 2)}\n`);
  } else
    process.stdout.write(
      sides.map((side) => renderCoverageText(side, argv.verbose ?? false, version)).join("\n"),
    );
  return 0;
}
