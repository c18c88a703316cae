/** The v2 mock agent's session/request_permission: a required title of its own and the tool call as its subject. */

export interface PermissionSpec {
  toolCallId?: string;
  title?: string;
  options?: Array<Record<string, unknown>>;
  as?: string;
}

const DEFAULT_OPTIONS = [
  { optionId: "allow", name: "Allow once", kind: "allow_once" },
  { optionId: "reject", name: "Reject", kind: "reject_once" },
];

/** The options a scripted permission request offers. */
export function permissionOptions(spec: PermissionSpec): Array<Record<string, unknown>> {
  return spec.options ?? DEFAULT_OPTIONS;
}

/** The params of a scripted permission request for one tool call. */
export function permissionRequestParams(
  sessionId: string,
  toolCallId: string,
  spec: PermissionSpec,
): Record<string, unknown> {
  const title = spec.title ?? "Run a tool";
  return {
    sessionId,
    title,
    subject: { type: "tool_call", toolCall: { toolCallId, title, status: "pending" } },
    options: permissionOptions(spec),
  };
}
