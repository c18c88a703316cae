/**
 * The kit as the client an agent talks to: what it advertises in initialize, and how it answers
 * what the agent asks of it (permission requests by the scenario's policy; fs and terminal
 * calls, which it never advertises, and any other method, with -32601). Every request is kept
 * for the checks that judge it.
 */
import type { IncomingMessage, ReplyToTarget } from "../../kit/wire/connection.js";
import { KIT_VERSION } from "../../kit/version.js";

export type PermissionPolicy = "reject" | "cancelled" | "allow";

export interface PermissionExchange {
  request: IncomingMessage;
  reply: ReplyToTarget;
  /** The option kind the kit selected, or "cancelled". */
  answeredWith: string;
}

export function defaultInitializeParams(): Record<string, unknown> {
  return {
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
    clientInfo: { name: "acp-conformance", version: KIT_VERSION },
  };
}

export class KitClientAnswers {
  readonly fsCalls: IncomingMessage[] = [];
  readonly terminalCalls: IncomingMessage[] = [];
  readonly permissionExchanges: PermissionExchange[] = [];
  permissionPolicy: PermissionPolicy = "reject";

  answer(request: IncomingMessage & { message: { kind: "request" } }): ReplyToTarget {
    const { method } = request.message;
    if (method.startsWith("fs/")) {
      this.fsCalls.push(request);
      return {
        error: {
          code: -32601,
          message: `Method not found: ${method} (the client advertised no fs capability)`,
        },
      };
    }
    if (method.startsWith("terminal/")) {
      this.terminalCalls.push(request);
      return {
        error: {
          code: -32601,
          message: `Method not found: ${method} (the client advertised no terminal capability)`,
        },
      };
    }
    if (method === "session/request_permission") return this.#answerPermission(request);
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
