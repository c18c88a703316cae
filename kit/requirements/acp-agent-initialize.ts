/**
 * What an ACP agent owes around initialization beyond version negotiation: the capabilities it
 * states and honours, the terminal login it may offer, the baseline prompt content, the
 * auth_required lifecycle around authenticate and logout, and the extension rules for what
 * the agent itself sends (method names, the reserved trace-context keys).
 */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import { INITIALIZATION } from "./acp-spec-pages.js";
import type { Requirement } from "./types.js";

const AUTHENTICATION = "docs/protocol/v1/authentication.mdx";
const EXTENSIBILITY = "docs/protocol/v1/extensibility.mdx";

export const ACP_AGENT_INITIALIZE_REQUIREMENTS = [
  agent({
    id: "agent.initialization.states-capabilities",
    title: "the initialize result states the agent's capabilities in an agentCapabilities object",
    area: "initialization",
    level: "must",
    cite: INITIALIZATION,
    rationale:
      "The agent must respond with the chosen protocol version and the capabilities it supports; the schema gives agentCapabilities a default, the prose requires it.",
  }),
  agent({
    id: "agent.capabilities.any-client-capabilities",
    title:
      "an ordinary prompt turn ends with a stop reason whatever client capabilities were advertised: none, fs only, terminal only, or all",
    area: "capabilities",
    level: "should",
    cite: `${INITIALIZATION}#capabilities`,
  }),
  agent({
    id: "agent.capabilities.advertises-supported",
    title:
      "a session method the agent serves (session/load, list, resume, close, delete) is advertised in its capabilities: one it leaves out is refused",
    area: "capabilities",
    level: "should",
    cite: `${INITIALIZATION}#agent-capabilities`,
    rationale:
      "The agent should state each optional capability it supports; a client never calls a method the agent did not advertise, so one served but unadvertised is lost to every client.",
  }),
  agent({
    id: "agent.initialization.terminal-auth-only-when-offered",
    title:
      'authMethods lists no method of type "terminal" unless the client set clientCapabilities.auth.terminal to true (omitted and false alike)',
    area: "initialization",
    level: "must",
    gate: "initialize result: authMethods",
    cite: `${AUTHENTICATION}#advertising-authentication`,
    rationale:
      "The docs say an agent may advertise a terminal method only when this capability is true; a client without it cannot run the method.",
  }),
  agent({
    id: "agent.initialization.login-only-args",
    title:
      "the agent program started with a terminal auth method's args and env enters a login-only flow: it does not serve ACP (it leaves initialize unanswered)",
    area: "initialization",
    level: "should",
    gate: 'initialize result: an authMethods entry of type "terminal"',
    cite: `${AUTHENTICATION}#terminal-authentication`,
    rationale:
      "Agents should provide arguments that enter a login-only flow and exit when it completes; the kit starts it with no user at the terminal, so it sees whether the args left the ACP server and, when the flow needs no user, that it exits.",
  }),
  agent({
    id: "agent.prompt.resource-link-accepted",
    title: "a prompt of a text block and a resource_link block is answered with a stop reason",
    area: "prompt",
    level: "must",
    cite: `${INITIALIZATION}#prompt-capabilities`,
    rationale:
      "As a baseline every agent must support text and resource_link blocks in session/prompt, whatever promptCapabilities says.",
  }),
  agent({
    id: "agent.initialization.auth-required-code",
    title:
      "session/new refused for want of authentication (it succeeds after authenticate, or failed only after logout) is refused with auth_required, -32000",
    area: "initialization",
    level: "should",
    position: true,
    cite: `${AUTHENTICATION}#protocol-driven-authentication`,
    rationale:
      "The docs name the auth_required error and the schema gives it code -32000, but no sentence requires the code; a client can only offer authentication when it sees -32000, so the kit expects it.",
  }),
  agent({
    id: "agent.initialization.sessions-after-authenticate",
    title: "after a successful authenticate, session/new is no longer refused with auth_required (-32000)",
    area: "initialization",
    level: "must",
    gate: "initialize result: authMethods, and a session/new refused for want of authentication",
    cite: `${AUTHENTICATION}#protocol-driven-authentication`,
    rationale:
      "After successful authentication the client can create new sessions without an auth_required error; that is what authenticate is for.",
  }),
  agent({
    id: "agent.initialization.reauth-after-logout",
    title:
      "after logout, session/new is refused again when the agent's sessions need authentication (it refused one while logged out before)",
    area: "initialization",
    level: "must",
    gate: "agentCapabilities.auth.logout",
    cite: `${AUTHENTICATION}#logging-out`,
    rationale:
      "After a successful logout, new sessions that require authentication require an authentication flow again.",
  }),
  agent({
    id: "agent.extensibility.custom-methods-prefixed",
    title:
      "every request and notification the agent sends is a method of the protocol version in use or starts with an underscore",
    area: "extensibility",
    level: "must",
    cite: `${EXTENSIBILITY}#extension-methods`,
    rationale:
      "The protocol reserves names starting with _ for extensions and allows custom methods only under such names; any other name belongs to the protocol's future versions.",
    // v2 changes nothing of this (its own methods in place of v1's): the v2 profile records it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.extensibility.trace-context-keys",
    title:
      "traceparent, tracestate and baggage at the root of a _meta the agent sends carry W3C trace context, nothing else",
    area: "extensibility",
    level: "should",
    cite: `${EXTENSIBILITY}#the-_meta-field`,
    rationale:
      "These root _meta keys should be reserved for W3C trace context so that MCP implementations and OpenTelemetry tooling can rely on them.",
    // v2 changes nothing of this (its own methods in place of v1's): the v2 profile records it too.
    versions: [1, 2],
  }),
] as const satisfies readonly Requirement[];
