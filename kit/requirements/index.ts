/**
 * The registry: one entry per checkable requirement, across all modes. A check may only name
 * an id registered here (enforced by types and at run time), and every id here must be
 * exercised by some scenario (enforced by test/unit/requirements-meta.test.ts).
 */
import { ACP_AGENT_REQUIREMENTS, type AcpAgentRequirementId } from "./acp-agent.js";
import { ACP_CLIENT_REQUIREMENTS, type AcpClientRequirementId } from "./acp-client.js";
import { STDIO_ADAPTER_REQUIREMENTS, type StdioAdapterRequirementId } from "./stdio-adapter.js";
import { STDIO_HOST_REQUIREMENTS, type StdioHostRequirementId } from "./stdio-host.js";
import { RUNTIME_V1_REQUIREMENTS, type RuntimeV1RequirementId } from "./runtime-v1.js";
import type { Requirement } from "./types.js";

export * from "./types.js";

export type RequirementId =
  | AcpAgentRequirementId
  | AcpClientRequirementId
  | StdioAdapterRequirementId
  | StdioHostRequirementId
  | RuntimeV1RequirementId;

export const REQUIREMENTS: readonly Requirement[] = [
  ...ACP_AGENT_REQUIREMENTS,
  ...ACP_CLIENT_REQUIREMENTS,
  ...STDIO_ADAPTER_REQUIREMENTS,
  ...STDIO_HOST_REQUIREMENTS,
  ...RUNTIME_V1_REQUIREMENTS,
];

const byId = new Map(REQUIREMENTS.map((requirement) => [requirement.id, requirement]));

export function findRequirement(id: string): Requirement | undefined {
  return byId.get(id);
}

export function requirementsForSide(side: Requirement["side"]): Requirement[] {
  return REQUIREMENTS.filter((requirement) => requirement.side === side);
}

/** The spec the citations point into. */
export const PINNED_SPEC = {
  repository: "agentclientprotocol/agent-client-protocol",
  /** Commit of the docs the `docs/protocol/v1/*.mdx` citations were checked against (schema-v1.21.0 docs). */
  docsCommit: "b7f0005493b98de32fabee3e9540e2b64da68535",
  /** The schema the kit validates against: the copy shipped inside this SDK release. */
  schemaPackage: "@agentclientprotocol/sdk@2.4.0",
} as const;
