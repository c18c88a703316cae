/**
 * What the kit, as a v2 client, answers the agent's own requests, and every such request it got.
 * v2 has no client file system or terminal execution: a call to `fs/*` or `terminal/*` is a
 * removed method (answered -32601, and judged by generic-checks.ts). elicitation/create is served
 * as v1's kit serves it (../serve-elicitation.ts) in the modes a scenario advertised in
 * `capabilities.elicitation`, and answered -32602 in any other (elicitation.mdx#url-completion).
 */
import type { ReplyToTarget, IncomingMessage } from "../../../kit/wire/connection.js";
import { KIT_VERSION } from "../../../kit/version.js";
import { advertisedModes, type KitElicitation } from "../serve-elicitation.js";

/**
 * How the kit answers session/request_permission in this scenario; `unknown` answers with a
 * custom outcome the agent cannot understand (tool-calls.mdx: it must not read it as approval).
 */
export type PermissionPlan = "allow" | "reject" | "unknown" | "cancelled";

/** The custom outcome the kit answers with under the `unknown` plan. */
export const UNKNOWN_PERMISSION_OUTCOME = "_acp_conformance_unknown";

/**
 * The initialize params of the kit as a v2 client: version 2, `info`, and no capability to offer
 * but the elicitation a scenario advertises (exactly as given; undefined leaves it out).
 */
export function v2InitializeParams(
  protocolVersion = 2,
  elicitation?: Record<string, unknown>,
): Record<string, unknown> {
  return {
    protocolVersion,
    info: { name: "acp-conformance", version: KIT_VERSION },
    capabilities: elicitation === undefined ? {} : { elicitation },
  };
}

export class KitClientV2Answers {
  permission: PermissionPlan = "allow";
  /** What the handshake advertises: `capabilities.elicitation` as given ({} and null fields included). */
  offered: { elicitation?: Record<string, unknown> } = {};
  /** Serves elicitation/create in the advertised modes; set with `offered` (../elicitation-support.ts). */
  elicitation: KitElicitation | undefined;
  /** elicitation/create requests in a mode the kit did not advertise in this scenario. */
  readonly unadvertisedElicitations: IncomingMessage[] = [];
  /** Every request the agent sent the kit, in order. */
  readonly requests: Array<IncomingMessage & { message: { kind: "request" } }> = [];

  /**
   * When set, the kit waits for it before answering a permission request (a user slow to decide),
   * so a scenario can watch what the agent reports while the answer is pending.
   */
  holdPermission: ((request: IncomingMessage) => Promise<void>) | undefined;

  answer(
    request: IncomingMessage & { message: { kind: "request" } },
  ): ReplyToTarget | Promise<ReplyToTarget> {
    this.requests.push(request);
    const hold = this.holdPermission;
    if (hold && request.message.method === "session/request_permission")
      return hold(request).then(() => this.reply(request));
    return this.reply(request);
  }

  private reply(
    request: IncomingMessage & { message: { kind: "request" } },
  ): ReplyToTarget | Promise<ReplyToTarget> {
    const { method, params } = request.message;
    if (method === "elicitation/create") {
      const mode = (params as { mode?: unknown } | undefined)?.mode;
      if (this.elicitation && advertisedModes(this.offered.elicitation).includes(String(mode)))
        return this.elicitation.answer(request);
      this.unadvertisedElicitations.push(request);
      return {
        error: {
          code: -32602,
          message: `Invalid params: the client did not advertise elicitation mode ${JSON.stringify(mode)}`,
        },
      };
    }
    if (method !== "session/request_permission")
      return { error: { code: -32601, message: `Method not found: ${method}` } };
    if (this.permission === "cancelled") return { result: { outcome: { outcome: "cancelled" } } };
    if (this.permission === "unknown")
      return { result: { outcome: { outcome: UNKNOWN_PERMISSION_OUTCOME } } };
    const options =
      (params as { options?: Array<{ optionId?: unknown; kind?: unknown }> } | undefined)?.options ?? [];
    const wanted =
      this.permission === "allow" ? ["allow_once", "allow_always"] : ["reject_once", "reject_always"];
    const option = options.find((each) => wanted.includes(String(each.kind))) ?? options[0];
    if (!option || typeof option.optionId !== "string")
      return { result: { outcome: { outcome: "cancelled" } } };
    return { result: { outcome: { outcome: "selected", optionId: option.optionId } } };
  }

  /** Calls to methods v2 removed (the client's file system and terminals). */
  removedCalls(): IncomingMessage[] {
    return this.requests.filter((request) => /^(fs|terminal)\//.test(request.message.method));
  }
}
