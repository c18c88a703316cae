/**
 * The update groups of the v2 update-variants scenario about the session's state rather than the
 * turn's output, in v2's shapes (session-config-options.mdx, session-list.mdx,
 * prompt-lifecycle.mdx#2-prompt-accepted): config options of every category kind and of a type
 * v2 does not define, session info partial updates, and the agent's own copy of the user message.
 * They record v1's ids where the check is the same (`versions: [1, 2]`); each payload but the
 * deliberately unknown values is valid against schema/v2/schema.json
 * (test/unit/update-payloads-v2.test.ts holds every group to it).
 */
import type { AgentAction } from "../../../peers/script-types.js";
import type { UpdateGroup } from "../update-group.js";

/** The config option a client must never set: its type is one v2 does not define. */
export const UNKNOWN_TYPE_OPTION_V2 = "kit-slider";

const update = (body: Record<string, unknown>): AgentAction => ({ update: body });

/** A v2 select option (keyed by `configId`, v1's `id`), of `category` when one is given. */
const selectOption = (configId: string, category: string | undefined) => ({
  configId,
  name: `Option ${configId}`,
  ...(category === undefined ? {} : { category }),
  type: "select",
  currentValue: "one",
  options: [
    { value: "one", name: "One" },
    { value: "two", name: "Two" },
  ],
});

/** The config option groups: the category one is a must (session-config-options.mdx#option-categories), so it goes out first. */
export function configGroupsV2(): UpdateGroup[] {
  return [
    {
      requirement: "client.events.survives-config-update",
      what: 'a config_option_update with options of no category, category null, category "_kit_custom", category "kit_future" and category "model"',
      actions: [
        update({
          sessionUpdate: "config_option_update",
          configOptions: [
            selectOption("kit-plain", undefined),
            { ...selectOption("kit-null", undefined), category: null },
            selectOption("kit-custom", "_kit_custom"),
            selectOption("kit-future", "kit_future"),
            selectOption("kit-model", "model"),
          ],
        }),
      ],
    },
    {
      requirement: "client.events.ignores-unknown-config-type",
      what: `a config_option_update with an option of type "_kit_slider" (${UNKNOWN_TYPE_OPTION_V2})`,
      actions: [
        update({
          sessionUpdate: "config_option_update",
          configOptions: [
            selectOption("kit-plain", undefined),
            {
              configId: UNKNOWN_TYPE_OPTION_V2,
              name: "A slider",
              type: "_kit_slider",
              currentValue: 3,
              min: 0,
              max: 10,
            },
          ],
        }),
      ],
    },
  ];
}

/** Session info's partial updates, and the agent's copy of the acknowledged user message. */
export function sessionStateGroupsV2(): UpdateGroup[] {
  return [
    {
      requirement: "client.events.survives-session-info-update",
      what: "session_info_update with a title, then with only updatedAt, then with title null",
      actions: [
        update({ sessionUpdate: "session_info_update", title: "A session titled by the kit" }),
        update({ sessionUpdate: "session_info_update", updatedAt: "2026-01-02T03:04:05Z" }),
        update({ sessionUpdate: "session_info_update", title: null }),
      ],
    },
    {
      requirement: "client.v2.prompt.accepts-agent-user-message",
      what: "a user_message for the acknowledged prompt's messageId whose content is not what the client sent (the agent's expanded copy)",
      actions: [
        update({
          sessionUpdate: "user_message",
          messageId: "{{userMessageId}}",
          content: [
            { type: "text", text: "The prompt as the agent recorded it, with context it added." },
            { type: "resource_link", uri: "file:///acp-conformance/example/notes.txt", name: "notes.txt" },
          ],
        }),
      ],
    },
  ];
}
