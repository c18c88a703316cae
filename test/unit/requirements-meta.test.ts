/**
 * The registry keeps the kit honest: every requirement is exercised by a scenario, every
 * check names a registered requirement, and every citation points at something that exists
 * in the pinned spec. (That every requirement has a fixture breaking it alone is
 * fixture-corpus.test.ts.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { declaredRequirements, runScenarios } from "../../engine/runner.js";
import { KitBugError } from "../../kit/errors.js";
import { REQUIREMENTS, type RequirementId, requirementVersions } from "../../kit/requirements/index.js";
import { DEFAULTS, type RunPlan } from "../../kit/run-options.js";
import { V2_PAGES } from "../../kit/requirements/spec-trace/pages-v2.js";
import { AcpSchema } from "../../kit/wire/schema.js";
import { MODE_PROFILES } from "../../scenarios/index.js";

/** The v2 draft's headings, as the v2 spec trace lists them (pages-v2.ts), and "" for a page's opening text. */
const V2_DOC_ANCHORS: Record<string, string[]> = Object.fromEntries(
  Object.entries(V2_PAGES).map(([page, anchors]) => [`${page}.mdx`, ["", ...anchors]]),
);

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
    "prompt-capabilities",
  ],
  "session-setup.mdx": [
    "",
    "creating-a-session",
    "loading-sessions",
    "loading-a-session",
    "resuming-sessions",
    "resuming-a-session",
    "closing-a-session",
    "additional-workspace-roots",
    "session-id",
    "working-directory",
    "mcp-servers",
    "stdio-transport",
    "http-transport",
    "checking-transport-support",
    "checking-support",
    "checking-support-1",
    "checking-support-2",
  ],
  "session-list.mdx": ["", "listing-sessions", "pagination", "checking-support"],
  "session-delete.mdx": ["", "semantics", "checking-support"],
  "prompt-turn.mdx": [
    "",
    "the-prompt-turn-lifecycle",
    "3-agent-reports-output",
    "4-check-for-completion",
    "stop-reasons",
    "cancellation",
    "session-usage-updates",
    "5-tool-invocation-and-status-reporting",
    "1-user-message",
  ],
  "tool-calls.mdx": ["", "creating", "updating", "requesting-permission", "permission-options", "status"],
  "file-system.mdx": ["", "checking-support", "reading-files", "writing-files"],
  "terminals.mdx": [
    "",
    "checking-support",
    "executing-commands",
    "releasing-terminals",
    "killing-commands",
    "waiting-for-exit",
  ],
  "session-modes.mdx": ["", "initial-state", "setting-the-current-mode", "from-the-client", "from-the-agent"],
  "session-config-options.mdx": [
    "",
    "initial-state",
    "boolean-config-options",
    "option-categories",
    "default-values-and-graceful-degradation",
    "setting-a-config-option",
    "from-the-client",
    "from-the-agent",
    "relationship-to-session-modes",
  ],
  "authentication.mdx": [
    "",
    "advertising-authentication",
    "protocol-driven-authentication",
    "logging-out",
    "active-sessions",
    "terminal-authentication",
  ],
  "cancellation.mdx": ["", "cancel_request-notification", "internal-cancellation"],
  "extensibility.mdx": [
    "",
    "the-_meta-field",
    "extension-methods",
    "custom-requests",
    "custom-notifications",
  ],
  "elicitation.mdx": [
    "",
    "checking-support",
    "creating-an-elicitation",
    "form-mode",
    "url-mode",
    "responses",
    "url-completion",
    "url-security",
  ],
  "content.mdx": ["", "image-content", "audio-content", "embedded-resource"],
  "slash-commands.mdx": ["", "advertising-commands", "running-commands"],
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
  it("has unique ids shaped <side>.<area>.<slug> (<side>.v2.<area>.<slug> for v2 alone) that agree with their side, area and profiles", () => {
    const ids = REQUIREMENTS.map((requirement) => requirement.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const requirement of REQUIREMENTS) {
      expect(requirement.id).toMatch(/^[a-z]+(\.v2)?\.[a-z-]+\.[a-z0-9-]+$/);
      const [side, ...rest] = requirement.id.split(".");
      const v2Only = rest[0] === "v2";
      const area = v2Only ? rest[1] : rest[0];
      expect([side, area], requirement.id).toEqual([requirement.side, requirement.area]);
      const versions = [...requirementVersions(requirement)].sort();
      expect(versions, requirement.id).toEqual(v2Only ? [2] : versions.includes(1) ? versions : [1]);
      if (requirement.protocol !== "acp") expect(versions, requirement.id).toEqual([1]);
    }
  });

  it("grades every kit position should, with its rationale", () => {
    const positions = REQUIREMENTS.filter((requirement) => requirement.position);
    expect(positions.length).toBeGreaterThan(0);
    for (const requirement of positions) {
      expect(requirement.level, requirement.id).toBe("should");
      expect(requirement.rationale?.length ?? 0, requirement.id).toBeGreaterThan(20);
    }
  });

  for (const { mode, version, definition } of MODE_PROFILES) {
    it(`every registered ${mode} requirement of profile ${version} is exercised by some ${mode}-mode scenario of that profile`, () => {
      const declared = declaredRequirements(definition.scenarios, definition.generic);
      expect(
        REQUIREMENTS.filter(
          (requirement) =>
            requirement.side === mode &&
            (requirement.protocol !== "acp" || requirementVersions(requirement).includes(version)),
        )
          .map((requirement) => requirement.id)
          .filter((id) => !declared.has(id as RequirementId)),
      ).toEqual([]);
    });
  }

  it("every requirement a scenario declares is registered", () => {
    const registered = new Set(REQUIREMENTS.map((requirement) => requirement.id));
    const declared = MODE_PROFILES.flatMap(({ definition }) => [
      ...declaredRequirements(definition.scenarios, definition.generic),
    ]);
    expect(declared.filter((id) => !registered.has(id))).toEqual([]);
  });

  it("scenario ids are unique and live in their mode's and profile's namespace", () => {
    for (const { mode, version, definition } of MODE_PROFILES) {
      const ids = definition.scenarios.map((scenario) => scenario.id);
      expect(new Set(ids).size).toBe(ids.length);
      const namespace = version === 1 ? mode : `${mode}\\.v${version}`;
      for (const { id } of definition.scenarios)
        expect(id).toMatch(new RegExp(`^${namespace}\\.[a-z-]+\\.[a-z0-9-]+$`));
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
      if (file === "schema/v2/schema.json") {
        const v2 = AcpSchema.load(2).document;
        expect(
          anchor === "" || resolvePointer(v2, anchor) !== undefined,
          `${requirement.id}: ${requirement.cite}`,
        ).toBe(true);
        continue;
      }
      if (file!.startsWith("docs/protocol/v2/")) {
        const anchors = V2_DOC_ANCHORS[file!.slice("docs/protocol/v2/".length)];
        expect(anchors, `${requirement.id}: ${file} is not a known v2 doc`).toBeDefined();
        expect(anchors, `${requirement.id}: no #${anchor} in ${file}`).toContain(anchor);
        continue;
      }
      expect(file, requirement.id).toMatch(/^docs\/protocol\/v1\/[a-z-]+\.mdx$/);
      const anchors = DOC_ANCHORS[file!.slice("docs/protocol/v1/".length)];
      expect(anchors, `${requirement.id}: ${file} is not a known v1 doc`).toBeDefined();
      expect(anchors, `${requirement.id}: no #${anchor} in ${file}`).toContain(anchor);
    }
  });
});
