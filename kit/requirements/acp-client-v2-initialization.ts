/**
 * What an ACP v2 client sends from initialize on (the v2 profile, `client --protocol-version 2`):
 * payloads valid against the v2 schema (which requires initialize's `info`), the version it asks for, the v1 surface it
 * must leave behind (fs and terminal capabilities, removed methods, auth/login without advertised
 * methods), and what it does when the agent answers protocolVersion 1. Joined into the client's
 * requirements in acp-client.ts.
 */
import type { Requirement } from "./types.js";

const V2 = "docs/protocol/v2";

const client = <const R extends Omit<Requirement, "protocol" | "side" | "versions">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  versions: [2] as const,
  ...requirement,
});

export const ACP_CLIENT_V2_INITIALIZATION_REQUIREMENTS = [
  client({
    id: "client.v2.schema.valid-payloads",
    title:
      "every ACP payload the client sends (params of its requests and notifications, results of its answers) is valid against the v2 schema",
    area: "schema",
    level: "must",
    cite: "schema/v2/schema.json",
  }),
  client({
    id: "client.v2.initialization.latest-version",
    title: "a v2 client's initialize asks for protocolVersion 2 (its latest), not an older version",
    area: "initialization",
    level: "must",
    cite: `${V2}/initialization.mdx#version-negotiation`,
  }),
  client({
    id: "client.v2.capabilities.no-removed-capabilities",
    title:
      "the v2 `capabilities` the client advertises carry no fs or terminal (v2 removed the client's file system and terminal methods)",
    area: "capabilities",
    level: "should",
    position: true,
    cite: `${V2}/migration.mdx#capability-reorganization`,
    rationale:
      "The migration guide removes the fs and terminal client capabilities and tells clients to drop them, without a keyword; the schema still admits unknown fields, so only this check sees a client that offers an agent methods v2 no longer has.",
  }),
  client({
    id: "client.v2.initialization.only-v2-methods",
    title:
      "on a v2 connection the client sends none of the methods v2 removed or renamed (session/load, session/set_mode, authenticate, logout)",
    area: "initialization",
    level: "should",
    position: true,
    cite: `${V2}/migration.mdx#method-changes`,
    rationale:
      "The migration guide lists these methods as removed or renamed in v2 (session/resume with replayFrom, config options, auth/login and auth/logout instead) and the spec says both sides act according to the negotiated version; it gives no keyword for a client that still calls them.",
  }),
  client({
    id: "client.v2.initialization.no-auth-without-methods",
    title:
      "the client calls neither auth/login nor auth/logout when initialize's answer advertises no authMethods",
    area: "initialization",
    level: "must",
    cite: `${V2}/initialization.mdx`,
  }),
  client({
    id: "client.v2.initialization.logs-in-when-required",
    title:
      "after session/new is answered -32000 (auth_required), the client calls auth/login with an advertised method of type agent before it calls session/new again",
    area: "initialization",
    level: "should",
    position: true,
    cite: `${V2}/authentication.mdx`,
    rationale:
      "As in v1 (client.initialization.authenticates-when-required, with authenticate): the docs describe the client logging in when the agent requires it, without a keyword; asking again unauthenticated only gets the same error. A client that needs a person to log in (it never asks again) is not tested.",
  }),
  client({
    id: "client.v2.initialization.answered-1",
    title:
      "a client that asked for 2 and is answered protocolVersion 1 either closes the connection or speaks v1 on it to the end: v1 payloads, and a turn that ends at the prompt's response",
    area: "initialization",
    level: "must",
    cite: `${V2}/initialization.mdx#protocol-version`,
  }),
  // The auth methods the client picks (scenarios/client/v2/auth-methods.ts).
  client({
    id: "client.v2.initialization.login-advertised-method",
    title: "auth/login carries the methodId of a method the agent advertised in authMethods",
    area: "initialization",
    level: "must",
    cite: `${V2}/authentication.mdx#agent-handled-authentication`,
    rationale:
      "The docs define auth/login's required methodId as the ID of an advertised authentication method (as v1's client.initialization.authenticate-advertised-id); the agent has no other to log in with.",
  }),
  client({
    id: "client.v2.initialization.no-login-for-terminal",
    title: "auth/login never names a method of type terminal",
    area: "initialization",
    level: "must",
    cite: `${V2}/authentication.mdx#agent-handled-authentication`,
  }),
  client({
    id: "client.v2.initialization.unknown-auth-type-ignored",
    title:
      "a method of a type the client does not understand (a custom _ type) is ignored or shown generically: the client never passes it to auth/login",
    area: "initialization",
    level: "should",
    cite: `${V2}/authentication.mdx#authentication-method-types`,
    rationale:
      "Clients that do not understand a method type should ignore it or display it generically, and send a methodId to auth/login only for a type that defines that flow.",
  }),
] as const satisfies readonly Requirement[];
