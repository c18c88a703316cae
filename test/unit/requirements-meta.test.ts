/**
 * The registry keeps the kit honest: every requirement is exercised by a scenario, every
 * check names a registered requirement, every requirement has a fixture that breaks it alone,
 * and every citation points at something that exists in the pinned spec.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readScriptFile } from "../../peers/script.js";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AGENT_FIXTURES } from "../../fixtures/agents/manifest.js";
import { KitBugError } from "../../kit/errors.js";
import { REQUIREMENTS, type RequirementId } from "../../kit/requirements/index.js";
import { DEFAULTS, type RunPlan } from "../../kit/run-options.js";
import { declaredRequirements, runScenarios } from "../../engine/runner.js";
import { AcpSchema } from "../../kit/wire/schema.js";
import { AGENT_SCENARIOS, GENERIC_AGENT_REQUIREMENTS } from "../../scenarios/agent/index.js";
import { CLIENT_SCENARIOS, GENERIC_CLIENT_REQUIREMENTS } from "../../scenarios/client/index.js";
import { CLIENT_FIXTURES } from "../../fixtures/clients/manifest.js";
import { ADAPTER_FIXTURES } from "../../fixtures/adapters/manifest.js";
import { HOST_FIXTURES } from "../../fixtures/hosts/manifest.js";
import { GENERIC_HOST_REQUIREMENTS, HOST_SCENARIOS } from "../../scenarios/host/index.js";
import { RUNTIME_FIXTURES } from "../../fixtures/runtimes/manifest.js";
import { GENERIC_RUNTIME_REQUIREMENTS, RUNTIME_SCENARIOS } from "../../scenarios/runtime/index.js";
import { ADAPTER_SCENARIOS, GENERIC_ADAPTER_REQUIREMENTS } from "../../scenarios/adapter/index.js";

const agentRequirements = REQUIREMENTS.filter((requirement) => requirement.side === "agent");
const clientRequirements = REQUIREMENTS.filter((requirement) => requirement.side === "client");

/** Section anchors of the v1 docs at the pinned commit (agentclientprotocol/agent-client-protocol@b7f0005). */
const DOC_ANCHORS: Record<string, string[]> = {
  "transports.mdx": ["", "stdio", "streamable-http", "custom-transports"],
  "overview.mdx": [
    "",
    "communication-model",
    "message-flow",
    "argument-requirements",
    "error-handling",
    "conventions",
    "extensibility",
  ],
  "initialization.mdx": [
    "",
    "protocol-version",
    "version-negotiation",
    "capabilities",
    "client-capabilities",
    "agent-capabilities",
    "implementation-information",
  ],
  "session-setup.mdx": ["", "creating-a-session", "session-id", "working-directory", "mcp-servers"],
  "prompt-turn.mdx": [
    "",
    "the-prompt-turn-lifecycle",
    "3-agent-reports-output",
    "4-check-for-completion",
    "stop-reasons",
    "cancellation",
  ],
  "tool-calls.mdx": ["", "creating", "updating", "requesting-permission", "permission-options", "status"],
  "file-system.mdx": ["", "checking-support", "reading-files", "writing-files"],
  "terminals.mdx": ["", "checking-support", "executing-commands", "releasing-terminals"],
  "extensibility.mdx": [
    "",
    "the-_meta-field",
    "extension-methods",
    "custom-requests",
    "custom-notifications",
  ],
};

function resolvePointer(document: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .reduce<unknown>(
      (node, token) =>
        (node as Record<string, unknown> | undefined)?.[token.replace(/~1/g, "/").replace(/~0/g, "~")],
      document,
    );
}

describe("the requirement registry", () => {
  it("has unique ids shaped <side>.<area>.<slug> that agree with their side and area", () => {
    const ids = REQUIREMENTS.map((requirement) => requirement.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const requirement of REQUIREMENTS) {
      expect(requirement.id).toMatch(/^[a-z]+\.[a-z-]+\.[a-z0-9-]+$/);
      const [side, area] = requirement.id.split(".");
      expect([side, area]).toEqual([requirement.side, requirement.area]);
    }
  });

  it("every registered agent requirement is exercised by some scenario", () => {
    const declared = declaredRequirements(AGENT_SCENARIOS, GENERIC_AGENT_REQUIREMENTS);
    expect(
      agentRequirements
        .map((requirement) => requirement.id)
        .filter((id) => !declared.has(id as RequirementId)),
    ).toEqual([]);
  });

  it("every registered client requirement is exercised by some scenario", () => {
    const declared = declaredRequirements(CLIENT_SCENARIOS, GENERIC_CLIENT_REQUIREMENTS);
    expect(
      clientRequirements
        .map((requirement) => requirement.id)
        .filter((id) => !declared.has(id as RequirementId)),
    ).toEqual([]);
  });

  it("every registered adapter requirement is exercised by some scenario", () => {
    const declared = declaredRequirements(ADAPTER_SCENARIOS, GENERIC_ADAPTER_REQUIREMENTS);
    expect(
      REQUIREMENTS.filter((requirement) => requirement.side === "adapter")
        .map((requirement) => requirement.id)
        .filter((id) => !declared.has(id as RequirementId)),
    ).toEqual([]);
  });

  it("every registered host requirement is exercised by some scenario", () => {
    const declared = declaredRequirements(HOST_SCENARIOS, GENERIC_HOST_REQUIREMENTS);
    expect(
      REQUIREMENTS.filter((requirement) => requirement.side === "host")
        .map((requirement) => requirement.id)
        .filter((id) => !declared.has(id as RequirementId)),
    ).toEqual([]);
  });

  it("every registered runtime requirement is exercised by some scenario", () => {
    const declared = declaredRequirements(RUNTIME_SCENARIOS, GENERIC_RUNTIME_REQUIREMENTS);
    expect(
      REQUIREMENTS.filter((requirement) => requirement.side === "runtime")
        .map((requirement) => requirement.id)
        .filter((id) => !declared.has(id as RequirementId)),
    ).toEqual([]);
  });

  it("every requirement a scenario declares is registered", () => {
    const registered = new Set(REQUIREMENTS.map((requirement) => requirement.id));
    const declared = [
      ...declaredRequirements(AGENT_SCENARIOS, GENERIC_AGENT_REQUIREMENTS),
      ...declaredRequirements(CLIENT_SCENARIOS, GENERIC_CLIENT_REQUIREMENTS),
      ...declaredRequirements(ADAPTER_SCENARIOS, GENERIC_ADAPTER_REQUIREMENTS),
      ...declaredRequirements(HOST_SCENARIOS, GENERIC_HOST_REQUIREMENTS),
      ...declaredRequirements(RUNTIME_SCENARIOS, GENERIC_RUNTIME_REQUIREMENTS),
    ];
    expect(declared.filter((id) => !registered.has(id))).toEqual([]);
  });

  it("scenario ids are unique and live in their mode's namespace", () => {
    for (const [mode, scenarios] of [
      ["agent", AGENT_SCENARIOS],
      ["client", CLIENT_SCENARIOS],
      ["adapter", ADAPTER_SCENARIOS],
      ["host", HOST_SCENARIOS],
      ["runtime", RUNTIME_SCENARIOS],
    ] as const) {
      const ids = scenarios.map((scenario) => scenario.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(new RegExp(`^${mode}\\.[a-z-]+\\.[a-z0-9-]+$`));
    }
  });

  it("a check that names an unregistered requirement is a kit bug that fails the run", async () => {
    const plan: RunPlan = {
      mode: "agent",
      target: { command: "true", args: [], bundled: false },
      options: {
        ...DEFAULTS,
        timeoutMs: 1000,
        startupTimeoutMs: 1000,
        seed: 1,
        strict: false,
        prompts: {},
        cwd: process.cwd(),
        env: {},
        areas: [],
        only: [],
        skip: [],
      },
    };
    const bogus = {
      id: "agent.meta.bogus",
      title: "bogus",
      mode: "agent" as const,
      requirements: [],
      run: async (context: { check(input: unknown): void }) =>
        context.check({ requirement: "agent.nothing.registered", verdict: "pass", message: "" }),
    };
    await expect(runScenarios([bogus as never], plan)).rejects.toThrow(KitBugError);
  });

  it("every citation points into the pinned v1 docs, the shipped schema, or the project's own schemas and protocol docs", () => {
    const schema = AcpSchema.load().document;
    for (const requirement of REQUIREMENTS) {
      const [file, anchor = ""] = requirement.cite.split("#");
      if (file === "schema/v1/schema.json") {
        expect(
          anchor === "" || resolvePointer(schema, anchor) !== undefined,
          `${requirement.id}: ${requirement.cite}`,
        ).toBe(true);
        continue;
      }
      if (file!.startsWith("schemas/")) {
        const own = JSON.parse(readFileSync(join(import.meta.dirname, "../..", file!), "utf8"));
        expect(resolvePointer(own, anchor), `${requirement.id}: ${requirement.cite}`).toBeDefined();
        continue;
      }
      if (file!.startsWith("docs/") && !file!.startsWith("docs/protocol/")) {
        const headings = readFileSync(join(import.meta.dirname, "../..", file!), "utf8")
          .split("\n")
          .filter((line) => line.startsWith("#"))
          .map((line) =>
            line
              .replace(/^#+\s*/, "")
              .toLowerCase()
              .replace(/[^a-z0-9 -]/g, "")
              .replace(/ /g, "-"),
          );
        expect(headings, `${requirement.id}: ${requirement.cite}`).toContain(anchor);
        continue;
      }
      expect(file, requirement.id).toMatch(/^docs\/protocol\/v1\/[a-z-]+\.mdx$/);
      const anchors = DOC_ANCHORS[file!.slice("docs/protocol/v1/".length)];
      expect(anchors, `${requirement.id}: ${file} is not a known v1 doc`).toBeDefined();
      expect(anchors, `${requirement.id}: no #${anchor} in ${file}`).toContain(anchor);
    }
  });
});

describe("the fixture corpus", () => {
  it("has, for every agent requirement, a fixture that breaks exactly that requirement", () => {
    const alone = new Set(
      AGENT_FIXTURES.filter((fixture) => fixture.breaks.length === 1).map((fixture) => fixture.breaks[0]),
    );
    expect(
      agentRequirements.map((requirement) => requirement.id).filter((id) => !alone.has(id as RequirementId)),
    ).toEqual([]);
  });

  it("has, for every client requirement that can fail, a fixture client that breaks exactly it", () => {
    const alone = new Set(
      CLIENT_FIXTURES.filter((fixture) => fixture.breaks.length === 1).map((fixture) => fixture.breaks[0]),
    );
    expect(
      clientRequirements
        .filter((requirement) => requirement.level !== "info")
        .map((requirement) => requirement.id)
        .filter((id) => !alone.has(id as RequirementId)),
    ).toEqual([]);
    for (const fixture of CLIENT_FIXTURES)
      expect(
        existsSync(join(import.meta.dirname, "../../fixtures/clients", `${fixture.file}.ts`)),
        fixture.file,
      ).toBe(true);
  });

  it("has, for every adapter requirement, a fixture adapter that breaks exactly it", () => {
    const alone = new Set(
      ADAPTER_FIXTURES.filter((fixture) => fixture.breaks.length === 1).map((fixture) => fixture.breaks[0]),
    );
    expect(
      REQUIREMENTS.filter((requirement) => requirement.side === "adapter")
        .map((requirement) => requirement.id)
        .filter((id) => !alone.has(id as RequirementId)),
    ).toEqual([]);
    for (const fixture of ADAPTER_FIXTURES)
      expect(
        existsSync(join(import.meta.dirname, "../../fixtures/adapters", `${fixture.file}.ts`)),
        fixture.file,
      ).toBe(true);
  });

  it("has, for every host requirement, a fixture host that breaks exactly it", () => {
    const alone = new Set(
      HOST_FIXTURES.filter((fixture) => fixture.breaks.length === 1).map((fixture) => fixture.breaks[0]),
    );
    expect(
      REQUIREMENTS.filter((requirement) => requirement.side === "host")
        .map((requirement) => requirement.id)
        .filter((id) => !alone.has(id as RequirementId)),
    ).toEqual([]);
    for (const fixture of HOST_FIXTURES)
      expect(
        existsSync(join(import.meta.dirname, "../../fixtures/hosts", `${fixture.file}.ts`)),
        fixture.file,
      ).toBe(true);
  });

  it("has, for every runtime requirement, a fixture runtime that breaks exactly it", () => {
    const alone = new Set(
      RUNTIME_FIXTURES.filter((fixture) => fixture.breaks.length === 1).map((fixture) => fixture.breaks[0]),
    );
    expect(
      REQUIREMENTS.filter((requirement) => requirement.side === "runtime")
        .map((requirement) => requirement.id)
        .filter((id) => !alone.has(id as RequirementId)),
    ).toEqual([]);
    for (const fixture of RUNTIME_FIXTURES)
      expect(
        existsSync(join(import.meta.dirname, "../../fixtures/runtimes", `${fixture.file}.ts`)),
        fixture.file,
      ).toBe(true);
  });

  it("names only fixtures that exist, each either a program or a script", () => {
    for (const fixture of AGENT_FIXTURES) {
      expect(fixture.file === undefined, JSON.stringify(fixture)).not.toBe(fixture.script === undefined);
      const path = fixture.file
        ? join(import.meta.dirname, "../../fixtures/agents", `${fixture.file}.ts`)
        : join(import.meta.dirname, "../../fixtures/scripts", `${fixture.script}.json`);
      expect(existsSync(path), path).toBe(true);
    }
  });

  it("every peer script in the repository validates against the schema", () => {
    const dir = join(import.meta.dirname, "../../fixtures/scripts");
    for (const name of readdirSync(dir).filter((file) => file.endsWith(".json")))
      expect(() => readScriptFile(join(dir, name)), name).not.toThrow();
  });
});
