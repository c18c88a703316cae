/**
 * The MCP servers a client lists in session/new, connected the way an agent must
 * (session-setup.mdx#mcp-servers): each stdio server is started with the command, args and env
 * given, each HTTP server is contacted at its url with its headers, and every one is sent the MCP
 * `initialize` handshake. Servers are stopped when their session closes and when the agent exits.
 *
 * Shared by the reference agent, the fixture base and the scripted mock agent, so every
 * conformant base the kit ships does what the spec asks of every agent. It talks only the
 * handshake: the kit's agents have no model that would call an MCP tool.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { KIT_VERSION } from "../../kit/version.js";

/** The MCP protocol revision the handshake offers; servers answer with the one they speak. */
const MCP_PROTOCOL_VERSION = "2025-06-18";

const initializeRequest = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: MCP_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: "acp-conformance-agent", version: KIT_VERSION },
  },
};
const initializedNotification = { jsonrpc: "2.0", method: "notifications/initialized" };

interface NameValue {
  name?: unknown;
  value?: unknown;
}

const pairs = (list: unknown): Array<[string, string]> =>
  (Array.isArray(list) ? (list as NameValue[]) : [])
    .filter((pair) => typeof pair?.name === "string" && typeof pair.value === "string")
    .map((pair) => [pair.name as string, pair.value as string]);

/** Stops a stdio server and anything it started: it runs in its own process group. */
function stopServer(child: ChildProcess): void {
  child.stdin?.end();
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

function startStdioServer(server: Record<string, unknown>): ChildProcess | undefined {
  if (typeof server.command !== "string") return undefined;
  const args = Array.isArray(server.args) ? server.args.filter((arg) => typeof arg === "string") : [];
  const child = spawn(server.command, args as string[], {
    env: { ...process.env, ...Object.fromEntries(pairs(server.env)) },
    stdio: ["pipe", "pipe", "ignore"],
    // Its own group, so stopping it also stops what it started.
    detached: true,
  });
  child.on("error", () => undefined); // a command that cannot start is the client's problem, not a crash
  child.stdin?.on("error", () => undefined);
  let buffered = "";
  child.stdout?.setEncoding("utf8");
  child.stdout?.on("data", (text: string) => {
    buffered += text;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      let message: { id?: unknown; result?: unknown } | undefined;
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        continue;
      }
      if (message?.id === initializeRequest.id && message.result !== undefined)
        child.stdin?.write(`${JSON.stringify(initializedNotification)}\n`);
    }
  });
  child.stdin?.write(`${JSON.stringify(initializeRequest)}\n`);
  return child;
}

/** The Streamable HTTP handshake: POST initialize, then the initialized notification in its MCP session. */
async function contactHttpServer(server: Record<string, unknown>, signal: AbortSignal): Promise<void> {
  if (typeof server.url !== "string") return;
  const headers: Record<string, string> = {
    ...Object.fromEntries(pairs(server.headers)),
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  const response = await fetch(server.url, {
    method: "POST",
    headers,
    body: JSON.stringify(initializeRequest),
    signal,
  });
  await response.text();
  if (!response.ok) return;
  const sessionHeader = response.headers.get("mcp-session-id");
  if (sessionHeader !== null) headers["mcp-session-id"] = sessionHeader;
  headers["mcp-protocol-version"] = MCP_PROTOCOL_VERSION;
  const notified = await fetch(server.url, {
    method: "POST",
    headers,
    body: JSON.stringify(initializedNotification),
    signal,
  });
  await notified.text();
}

interface SessionServers {
  children: ChildProcess[];
  http: AbortController;
}

const bySession = new Map<string, SessionServers>();
let exitHookInstalled = false;

/**
 * Connects the session's MCP servers in the background (a slow server must not hold up
 * session/new). Entries that are not stdio or HTTP servers are skipped.
 */
export function connectMcpServers(sessionId: string, servers: unknown): void {
  if (!Array.isArray(servers) || servers.length === 0) return;
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", () => {
      for (const id of [...bySession.keys()]) stopMcpServers(id);
    });
  }
  const session: SessionServers = { children: [], http: new AbortController() };
  stopMcpServers(sessionId);
  bySession.set(sessionId, session);
  for (const server of servers as Array<Record<string, unknown>>) {
    if (typeof server !== "object" || server === null) continue;
    if (server.type === "http") void contactHttpServer(server, session.http.signal).catch(() => undefined);
    else if (server.type === undefined || server.type === "stdio") {
      const child = startStdioServer(server);
      if (child) session.children.push(child);
    }
  }
}

/** Stops the stdio servers of a session and abandons its HTTP handshakes. */
export function stopMcpServers(sessionId: string): void {
  const session = bySession.get(sessionId);
  if (!session) return;
  bySession.delete(sessionId);
  session.http.abort();
  for (const child of session.children) stopServer(child);
}
