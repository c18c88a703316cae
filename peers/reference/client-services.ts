/**
 * The reference client's fs and terminal service on the SDK: it advertises fs.readTextFile,
 * fs.writeTextFile and terminal (SERVED_CAPABILITIES) and serves them for real inside the
 * session's cwd (peers/served-client-methods.ts: real files; terminals in their own process
 * groups, kill and release ending the whole group), and ends every terminal when the turn ends.
 */
import * as acp from "@agentclientprotocol/sdk";
import { ServedClientMethods, type ServedReply } from "../served-client-methods.js";

export { SERVED_CAPABILITIES } from "../served-client-methods.js";

const { fs, terminal } = acp.methods.client;
const METHODS = [
  fs.readTextFile,
  fs.writeTextFile,
  terminal.create,
  terminal.output,
  terminal.waitForExit,
  terminal.kill,
  terminal.release,
] as const;

/** The SDK's result, or its error, for one served answer. */
function unwrap(reply: ServedReply): never | Record<string, unknown> | undefined {
  if ("error" in reply) throw new acp.RequestError(reply.error.code, reply.error.message);
  return (reply.result ?? undefined) as Record<string, unknown> | undefined;
}

/** Registers the fs and terminal handlers on `client`; `cwd` is the session's working directory. */
export function serveClientMethods(client: acp.ClientApp, cwd: () => string): ServedClientMethods {
  const served = new ServedClientMethods();
  for (const method of METHODS)
    client.onRequest(method, (async ({ params }: { params: Record<string, unknown> }) =>
      unwrap(await served.answer(method, params, cwd()))) as never);
  return served;
}
