/**
 * The MCP servers the kit lists in session/new, and what each saw: a stdio server
 * (mcp-recording-server.ts, run with this Node) that records its start and the MCP messages it
 * got to a file, and a small HTTP server on 127.0.0.1 that records the MCP messages POSTed to
 * it. Both answer MCP `initialize` as a server with no tools.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { RUN_MARKER_VARIABLE } from "../../kit/process/tree.js";
import { sleep } from "../../kit/time.js";

const RECORDING_SERVER = fileURLToPath(new URL("./mcp-recording-server.js", import.meta.url));
/** The env entry the kit gives each stdio server; its recording shows whether it arrived. */
const TOKEN_VARIABLE = "ACP_CONFORMANCE_MCP_TOKEN";
const POLL_MS = 100;

export interface McpRecord {
  event: string;
  pid?: number;
  args?: string[];
  env?: Record<string, string>;
  method?: string | null;
}

/** One stdio server as session/new lists it, and what it recorded. */
export class StdioStub {
  readonly name: string;
  readonly recordPath: string;
  readonly argToken = `arg-${randomUUID()}`;
  readonly envToken = `env-${randomUUID()}`;
  readonly #marker: string;

  constructor(directory: string, name: string, marker: string) {
    this.name = name;
    this.recordPath = join(directory, `${name}.jsonl`);
    this.#marker = marker;
  }

  /** The McpServerStdio entry; the run's marker is in its env so a server left running is found. */
  get config() {
    return {
      name: this.name,
      command: process.execPath,
      args: [RECORDING_SERVER, this.recordPath, this.argToken],
      env: [
        { name: TOKEN_VARIABLE, value: this.envToken },
        { name: RUN_MARKER_VARIABLE, value: this.#marker },
      ],
    };
  }

  records(): McpRecord[] {
    if (!existsSync(this.recordPath)) return [];
    return readFileSync(this.recordPath, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as McpRecord);
  }

  /** What went wrong with this server, or undefined when it started as listed and got initialize. */
  problem(): string | undefined {
    const records = this.records();
    const started = records.find((record) => record.event === "started");
    if (!started) return `the stdio MCP server "${this.name}" was never started`;
    if (JSON.stringify(started.args) !== JSON.stringify([this.argToken]))
      return `the stdio MCP server "${this.name}" was started without the args session/new gave (got ${JSON.stringify(started.args)})`;
    if (started.env?.[TOKEN_VARIABLE] !== this.envToken)
      return `the stdio MCP server "${this.name}" was started without the env variable ${TOKEN_VARIABLE} session/new gave`;
    if (!records.some((record) => record.event === "message" && record.method === "initialize"))
      return `the stdio MCP server "${this.name}" was started but never sent MCP initialize`;
    return undefined;
  }

  get contacted(): boolean {
    return this.records().some((record) => record.event === "message" && record.method === "initialize");
  }
}

export interface HttpMessage {
  method: string | null;
  headers: IncomingHttpHeaders;
}

/** A Streamable HTTP MCP server that records every message POSTed to it. */
export class HttpStub {
  readonly name = "acp-conformance-http";
  readonly headerToken = `header-${randomUUID()}`;
  readonly messages: HttpMessage[] = [];
  readonly #server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (text: string) => (body += text));
    request.on("end", () => {
      let message: { id?: unknown; method?: unknown } = {};
      try {
        message = JSON.parse(body) as typeof message;
      } catch {
        // recorded as a message without a method
      }
      this.messages.push({
        method: typeof message.method === "string" ? message.method : null,
        headers: request.headers,
      });
      if (message.method === "initialize" && message.id !== undefined) {
        const result = {
          protocolVersion: "2025-06-18",
          capabilities: {},
          serverInfo: { name: "acp-conformance-http-server", version: "1.0.0" },
        };
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
      } else {
        response.writeHead(202).end();
      }
    });
  });

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.#server.unref();
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/mcp`;
  }

  get config() {
    return {
      type: "http",
      name: this.name,
      url: this.url,
      headers: [{ name: "x-acp-conformance-token", value: this.headerToken }],
    };
  }

  get contacted(): boolean {
    return this.messages.some((message) => message.method === "initialize");
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.#server.closeAllConnections();
      this.#server.close(() => resolve());
    });
  }
}

/** Polls until `done()` or `waitMs` passed; returns whether it became true. */
export async function waitFor(done: () => boolean, waitMs: number, signal: AbortSignal): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while (!done()) {
    if (Date.now() >= deadline || signal.aborted) return false;
    await sleep(POLL_MS);
  }
  return true;
}
