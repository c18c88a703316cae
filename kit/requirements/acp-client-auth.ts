/**
 * What an ACP client owes an agent that requires authentication: it authenticates with an
 * advertised method of the protocol-driven kind (never a terminal one) when told -32000, before
 * asking again, and after logout it survives session operations failing with auth errors.
 * Joined into the client's requirements in acp-client.ts.
 */
import type { Requirement } from "./types.js";

const AUTHENTICATION = "docs/protocol/v1/authentication.mdx";

const client = <const R extends Omit<Requirement, "protocol" | "side" | "area">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  area: "initialization" as const,
  ...requirement,
});

export const ACP_CLIENT_AUTH_REQUIREMENTS = [
  client({
    id: "client.initialization.authenticate-advertised-id",
    title: "authenticate carries the methodId of a method the agent advertised in authMethods",
    level: "must",
    cite: `${AUTHENTICATION}#protocol-driven-authentication`,
    rationale:
      "The docs define methodId as the id of an advertised authentication method; the agent has no other to authenticate with.",
  }),
  client({
    id: "client.initialization.no-authenticate-terminal-method",
    title: "authenticate never names a method of type terminal",
    level: "must",
    cite: `${AUTHENTICATION}#protocol-driven-authentication`,
  }),
  client({
    id: "client.initialization.authenticates-when-required",
    title:
      "after session/new is answered -32000 (auth_required), the client authenticates with an advertised method before it calls session/new again",
    level: "should",
    position: true,
    cite: `${AUTHENTICATION}#protocol-driven-authentication`,
    rationale:
      "The docs describe the client calling authenticate when the agent requires it, without a keyword; asking again unauthenticated only gets the same error. A client that needs a person to authenticate is not tested.",
  }),
  client({
    id: "client.initialization.survives-auth-error-after-logout",
    versions: [1, 2], // the same on a v2 connection (auth/logout): recorded by scenarios/client/v2/logout-then-prompt.ts
    title: "after logout, a session operation answered -32000 neither crashes nor hangs the client",
    level: "should",
    cite: `${AUTHENTICATION}#active-sessions`,
    rationale:
      "Clients SHOULD be prepared for active session operations to fail with authentication errors after logout.",
  }),
] as const satisfies readonly Requirement[];
