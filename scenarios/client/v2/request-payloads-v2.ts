/**
 * The requests the kit's v2 agent makes of the client in update-variants-v2.ts, one group per
 * requirement (tool-calls.mdx#requesting-permission, cancellation.mdx, elicitation.mdx): permission
 * requests of every subject with an option of unknown kind, one it withdraws with
 * `$/cancel_request`, an elicitation/complete for an id it never used, and a url-mode
 * elicitation/create. Every request and notification is valid against schema/v2/schema.json
 * (test/unit/update-payloads-v2.test.ts).
 */
import type { AgentAction } from "../../../peers/script-types.js";
import type { UpdateGroup } from "../update-group.js";

/** The options every permission request of the permission group offers: one of a kind v2 does not define. */
export const PERMISSION_OPTIONS = [
  { optionId: "kit-custom", name: "Do it the kit's way", kind: "_kit_kind" },
  { optionId: "allow", name: "Allow once", kind: "allow_once" },
  { optionId: "reject", name: "Reject", kind: "reject_once" },
];

/** The tool call of the permission request the agent withdraws with `$/cancel_request` (cancel-request-checks.ts). */
export const CANCELLED_TOOL_CALL = "kit-cancelled-tool";

/** A session/request_permission the agent sends as a raw request, with `subject` (or none). */
const permission = (title: string, subject?: Record<string, unknown>): AgentAction => ({
  request: {
    method: "session/request_permission",
    params: {
      sessionId: "{{sessionId}}",
      title,
      ...(subject ? { subject } : {}),
      options: PERMISSION_OPTIONS,
    },
  },
});

/** The request groups, by requirement: update-payloads-v2.ts orders them among the update groups. */
export function requestGroupsV2(): Record<string, UpdateGroup> {
  const groups: UpdateGroup[] = [
    {
      requirement: "client.v2.permission.answers-any-subject",
      what: "three session/request_permission requests, with no subject, a command subject and a subject type v2 does not define, each offering an option of kind _kit_kind",
      actions: [
        permission("Continue?"),
        permission("Run a command?", {
          type: "command",
          command: "echo hello",
          cwd: "/acp-conformance/example",
        }),
        permission("Use the kit's thing?", { type: "_kit_subject", thing: "kit" }),
      ],
    },
    {
      requirement: "client.v2.cancellation.cancel-request-answered",
      what: "a session/request_permission the agent withdraws at once with $/cancel_request",
      actions: [
        {
          cancelRequest: {
            method: "session/request_permission",
            params: {
              sessionId: "{{sessionId}}",
              title: "Write a file",
              subject: {
                type: "tool_call",
                toolCall: { toolCallId: CANCELLED_TOOL_CALL, title: "Write a file", status: "pending" },
              },
              options: PERMISSION_OPTIONS,
            },
          },
        },
      ],
    },
    {
      requirement: "client.v2.capabilities.elicitation-unknown-complete-ignored",
      what: "an elicitation/complete notification for an elicitationId the agent never used",
      actions: [
        {
          frame: JSON.stringify({
            jsonrpc: "2.0",
            method: "elicitation/complete",
            params: { elicitationId: "kit-never-asked" },
          }),
        },
      ],
    },
    {
      requirement: "client.v2.capabilities.elicitation-mode-refused",
      what: "an elicitation/create in url mode (answered -32602 by a client that did not advertise url elicitation)",
      actions: [
        {
          request: {
            method: "elicitation/create",
            params: {
              sessionId: "{{sessionId}}",
              mode: "url",
              elicitationId: "kit-url-elicitation",
              url: "https://example.com/acp-conformance/sign-in",
              message: "Sign in to continue",
            },
          },
        },
      ],
    },
  ];
  return Object.fromEntries(groups.map((group) => [group.requirement, group]));
}
