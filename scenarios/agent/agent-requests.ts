/**
 * The kit as the client an agent talks to: what it advertises in initialize, and how it answers
 * what the agent asks of it (permission requests by the scenario's policy; fs and terminal
 * calls served for real when the scenario advertised them, serve-fs.ts and serve-terminals.ts,
 * and with -32601 when it did not; elicitation/create in the advertised modes, serve-elicitation.ts,
 * and with -32602 in any other; any other method with -32601). Every request is kept for
 * the checks that judge it.
 */
import type { IncomingMessage, ReplyToTarget } from "../../kit/wire/connection.js";
import { KIT_VERSION } from "../../kit/version.js";
import type { KitFileSystem } from "./serve-fs.js";
import type { KitTerminals } from "./serve-terminals.js";
import { advertisedModes, type KitElicitation } from "./serve-elicitation.js";

/** The client capabilities a scenario offers; by default the kit offers none. */
export interface OfferedCapabilities {
  readTextFile?: boolean;
  writeTextFile?: boolean;
  terminal?: boolean;
  /** Leave fs and terminal out of clientCapabilities altogether (the spec's "not present"). */
  omit?: boolean;
  /** clientCapabilities.elicitation exactly as advertised ({} and null fields included); absent: left out. */
  elicitation?: Record<string, unknown>;
}

export type PermissionPolicy = "reject" | "cancelled" | "allow";

export interface PermissionExchange {
  request: IncomingMessage;
  reply: ReplyToTarget;
  /** The option kind the kit selected, or "cancelled". */
  answeredWith: string;
}

export function defaultInitializeParams(offered: OfferedCapabilities = {}): Record<string, unknown> {
  const { readTextFile = false, writeTextFile = false, terminal = false } = offered;
  return {
    protocolVersion: 1,
    clientCapabilities: {
      ...(offered.omit ? {} : { fs: { readTextFile, writeTextFile }, terminal }),
      ...(offered.elicitation !== undefined ? { elicitation: offered.elicitation } : {}),
    },
    clientInfo: { name: "acp-conformance", version: KIT_VERSION },
  };
}

export class KitClientAnswers {
  /** fs/* calls to a method the kit did not advertise in this scenario. */
  readonly fsCalls: IncomingMessage[] = [];
  /** terminal/* calls although the kit did not advertise terminal in this scenario. */
  readonly terminalCalls: IncomingMessage[] = [];
  /** fs/* and terminal/* calls the kit served because it advertised them. */
  readonly servedCalls: IncomingMessage[] = [];
  readonly permissionExchanges: PermissionExchange[] = [];
  permissionPolicy: PermissionPolicy = "reject";
  /** What the handshake advertises; a scenario that offers more also sets the servers below. */
  offered: OfferedCapabilities = {};
  fileSystem: KitFileSystem | undefined;
  terminals: KitTerminals | undefined;
  elicitation: KitElicitation | undefined;
  /** elicitation/create requests in a mode the kit did not advertise in this scenario. */
  readonly unadvertisedElicitations: IncomingMessage[] = [];

  answer(
    request: IncomingMessage & { message: { kind: "request" } },
  ): ReplyToTarget | Promise<ReplyToTarget> {
    const { method } = request.message;
    const params = (request.message.params ?? {}) as Record<string, unknown>;
    if (method.startsWith("fs/")) {
      const read = method === "fs/read_text_file" && this.offered.readTextFile;
      const write = method === "fs/write_text_file" && this.offered.writeTextFile;
      if (this.fileSystem && (read || write)) {
        this.servedCalls.push(request);
        return read ? this.fileSystem.read(params) : this.fileSystem.write(params);
      }
      this.fsCalls.push(request);
      return {
        error: {
          code: -32601,
          message: `Method not found: ${method} (the client did not advertise it)`,
        },
      };
    }
    if (method.startsWith("terminal/")) {
      if (this.terminals && this.offered.terminal) {
        this.servedCalls.push(request);
        return this.terminals.answer(method, params);
      }
      this.terminalCalls.push(request);
      return {
        error: {
          code: -32601,
          message: `Method not found: ${method} (the client advertised no terminal capability)`,
        },
      };
    }
    if (method === "session/request_permission") return this.#answerPermission(request);
    if (method === "elicitation/create") {
      if (this.elicitation && advertisedModes(this.offered.elicitation).includes(String(params.mode)))
        return this.elicitation.answer(request);
      this.unadvertisedElicitations.push(request);
      return {
        error: {
          code: -32602,
          message: `Invalid params: the client did not advertise elicitation mode ${JSON.stringify(params.mode)}`,
        },
      };
    }
    return { error: { code: -32601, message: `Method not found: ${method}` } };
  }

  #answerPermission(request: IncomingMessage & { message: { kind: "request" } }): ReplyToTarget {
    const options = ((request.message.params as { options?: unknown } | undefined)?.options ?? []) as Array<{
      optionId?: unknown;
      kind?: unknown;
    }>;
    const pick = (kinds: string[]) =>
      options.find((option) => typeof option.optionId === "string" && kinds.includes(String(option.kind)));
    const chosen =
      this.permissionPolicy === "allow"
        ? pick(["allow_once", "allow_always"])
        : this.permissionPolicy === "reject"
          ? pick(["reject_once", "reject_always"])
          : undefined;
    const reply: ReplyToTarget = chosen
      ? { result: { outcome: { outcome: "selected", optionId: chosen.optionId } } }
      : { result: { outcome: { outcome: "cancelled" } } };
    this.permissionExchanges.push({
      request,
      reply,
      answeredWith: chosen ? String(chosen.kind) : "cancelled",
    });
    return reply;
  }
}
