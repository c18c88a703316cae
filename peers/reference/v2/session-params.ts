/**
 * What the v2 reference agent refuses in session/new and session/resume, with -32602 as the v2
 * schema asks: an MCP server of a transport it does not support (it advertises none: McpServer),
 * and a replay cursor other than `start` (ReplayFrom), rather than resuming without replay.
 */
import * as acp from "@agentclientprotocol/sdk/experimental/v2";

export function refuseUnsupportedMcpServers(servers: readonly { type?: unknown }[] | null | undefined): void {
  const first = servers?.[0];
  if (first)
    throw acp.RequestError.invalidParams(
      undefined,
      `MCP transport ${JSON.stringify(first.type)} is not supported (session.mcp advertises none)`,
    );
}

/** True when the resume asks for a replay from the start; throws for a cursor the agent does not know. */
export function replaysFromStart(replayFrom: { type?: unknown } | null | undefined): boolean {
  if (replayFrom == null) return false;
  if (replayFrom.type === "start") return true;
  throw acp.RequestError.invalidParams(
    undefined,
    `replay cursor ${JSON.stringify(replayFrom.type)} is not supported (only "start")`,
  );
}
