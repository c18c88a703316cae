/**
 * The reference agent's one authentication method, in a module of its own without the SDK: the
 * CLI names it when it runs the reference agent (bin/run-plan.ts), and importing it from
 * session-config.ts loaded the SDK and built its zod schemas in every kit process.
 */
import type { AuthMethod } from "@agentclientprotocol/sdk";

/** The one authentication method: optional, always succeeds (the agent needs no credentials). */
export const REFERENCE_AUTH_METHOD: AuthMethod = {
  id: "reference-login",
  name: "Reference login",
  description: "Always succeeds: the reference agent needs no credentials",
};
