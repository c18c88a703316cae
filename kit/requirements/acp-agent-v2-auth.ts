/** What an ACP v2 agent that advertises authMethods owes (authentication.mdx): the descriptors, auth/login and auth/logout, and auth_required. */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import { V2_AUTHENTICATION, V2_SCHEMA } from "./acp-agent-v2-pages.js";
import type { Requirement } from "./types.js";

export const ACP_AGENT_V2_AUTH_REQUIREMENTS = [
  agent({
    id: "agent.v2.initialization.auth-method-ids-unique",
    title: "the authMethods of the v2 initialize result each have a methodId no other method has",
    area: "initialization",
    level: "must",
    gate: "initialize result: authMethods",
    cite: `${V2_SCHEMA}#/$defs/AuthMethodAgent/properties/methodId`,
    rationale:
      "The schema calls the methodId the method's unique identifier; auth/login names a method by it.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.initialization.terminal-auth-only-when-offered",
    title:
      "authMethods lists no method of type terminal unless the client advertised capabilities.auth.terminal",
    area: "initialization",
    level: "must",
    gate: "initialize result: authMethods",
    cite: `${V2_AUTHENTICATION}#authentication-method-types`,
    rationale:
      "The page lets an agent advertise a terminal method only when the capability is present, and the schema's AuthMethodTerminal says agents MUST advertise it only then.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.initialization.terminal-env-names-unique",
    title: "every env entry of a terminal auth method has a name no other entry of it has",
    area: "initialization",
    level: "must",
    gate: 'initialize result (client with auth.terminal): an authMethods entry of type "terminal"',
    cite: `${V2_AUTHENTICATION}#terminal-authentication`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.initialization.unknown-auth-method-refused",
    title: "auth/login with a methodId the agent never advertised is answered with an error",
    area: "initialization",
    level: "should",
    position: true,
    gate: "initialize result: authMethods",
    cite: `${V2_AUTHENTICATION}#agent-handled-authentication`,
    rationale:
      "methodId must be an advertised method; the spec constrains the client, and the kit expects the agent to refuse a method it does not have rather than report the client logged in.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.initialization.auth-results-empty",
    title: "a successful auth/login or auth/logout is answered with an empty result (nothing but _meta)",
    area: "initialization",
    level: "must",
    gate: "initialize result: authMethods (auth/login with --auth-method)",
    cite: `${V2_AUTHENTICATION}#agent-handled-authentication`,
    rationale:
      "On success the agent returns an empty result; LoginAuthResponse and LogoutAuthResponse define no field but _meta, and custom fields at a result's root are forbidden (extensibility.mdx).",
    versions: [2],
  }),
  agent({
    id: "agent.v2.initialization.auth-required-code",
    title:
      "session/new refused for want of authentication (it succeeds after auth/login, or failed only after auth/logout) is refused with auth_required, -32000",
    area: "initialization",
    level: "should",
    position: true,
    cite: `${V2_AUTHENTICATION}#agent-handled-authentication`,
    rationale:
      "The page names the auth_required error and the schema gives it code -32000, but no sentence requires the code; a client can only offer authentication when it sees -32000, so the kit expects it.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.initialization.sessions-after-login",
    title: "after a successful auth/login, session/new is no longer refused with auth_required (-32000)",
    area: "initialization",
    level: "must",
    gate: "initialize result: authMethods, and a session/new refused for want of authentication",
    cite: `${V2_AUTHENTICATION}#agent-handled-authentication`,
    rationale:
      "After successful authentication the client can create new sessions without an auth_required error; that is what auth/login is for.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.initialization.reauth-after-logout",
    title:
      "after auth/logout, session/new is refused again when the agent's sessions need authentication (it refused one while logged out before)",
    area: "initialization",
    level: "must",
    gate: "initialize result: authMethods",
    cite: `${V2_AUTHENTICATION}#logging-out`,
    rationale:
      "After a successful auth/logout, authentication-gated requests require one of the advertised authentication flows again.",
    versions: [2],
  }),
] as const satisfies readonly Requirement[];
