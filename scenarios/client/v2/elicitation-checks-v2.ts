/**
 * elicitation (v2): the url-mode elicitation/create the kit's agent sends in
 * update-variants-v2.ts. elicitation.mdx#url-completion: a request in a mode the client has not
 * advertised (capabilities.elicitation.url) produces -32602; from a client that advertised no
 * elicitation at all, -32601 (it may not know the method) is taken too, as in v1. A client that
 * advertised url mode would ask its user, so the check does not apply to it.
 */
import { clientMessages, type ClientRun } from "../driver.js";

type Message = Record<string, unknown>;
const asObject = (value: unknown): Message | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Message) : undefined;

/** The client's elicitation capability from its initialize (undefined or null: none). */
function elicitationCapability(run: ClientRun): Message | undefined {
  const initialize = clientMessages(run).find((message) => message.method === "initialize");
  return asObject(asObject(asObject(initialize?.params)?.capabilities)?.elicitation);
}

/** Why the url-mode request does not apply to this client; undefined when it does. */
export function urlElicitationInapplicable(run: ClientRun): string | undefined {
  const url = elicitationCapability(run)?.url;
  return url !== undefined && url !== null
    ? "the client advertised url elicitation, so the kit's url-mode request is one it serves (its user would be asked)"
    : undefined;
}

/** Why the client's answer to the url-mode request is wrong; undefined when it refused it as it should. */
export function urlElicitationProblem(run: ClientRun): string | undefined {
  const answer = run.events.find(
    (event) => event.kind === "response" && event.method === "elicitation/create",
  );
  if (answer?.kind !== "response") return undefined; // unanswered: the probes tell
  const advertisedNone = elicitationCapability(run) === undefined;
  const allowed = advertisedNone ? [-32602, -32601] : [-32602];
  const code = (answer.error as { code?: unknown } | undefined)?.code;
  if (answer.error !== undefined && allowed.includes(code as number)) return undefined;
  return `the client ${advertisedNone ? "advertised no elicitation" : "advertised elicitation without url mode"}, yet answered a url-mode elicitation/create with ${answer.error !== undefined ? `error ${JSON.stringify(answer.error)}` : `result ${JSON.stringify(answer.result)}`}; expected error ${allowed.join(" or ")}`;
}
