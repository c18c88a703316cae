/**
 * What the reference client does with the session modes and config options an agent offers in
 * its session/new answer, as a user trying the settings once would: with config options, it
 * moves the first select option to another offered value and flips the first boolean option
 * (it advertises boolean support), never touching modes; with modes alone, it switches to
 * another offered mode. A setting the agent refuses is left as it was, and the turn goes on.
 */
import * as acp from "@agentclientprotocol/sdk";

/** What the reference client advertises for config options. */
export const CONFIG_OPTION_CAPABILITIES: acp.ClientSessionCapabilities = { configOptions: { boolean: {} } };

type Option = Record<string, unknown>;

/** A select option's values, flat or in groups. */
function values(option: Option): unknown[] {
  const entries = Array.isArray(option.options) ? (option.options as Option[]) : [];
  return entries.flatMap((entry) =>
    Array.isArray(entry.options) ? (entry.options as Option[]).map((inner) => inner.value) : [entry.value],
  );
}

export async function changeOfferedSettings(
  connection: acp.ClientContext,
  session: acp.NewSessionResponse,
): Promise<void> {
  const { sessionId } = session;
  const attempt = (change: Promise<unknown>) => change.catch(() => {}); // the user sees the refusal; the turn goes on
  const options = (session.configOptions ?? []) as unknown as Option[];
  if (options.length > 0) {
    const select = options.find((option) => option.type === "select" && values(option).length > 1);
    const other = select && values(select).find((value) => value !== select.currentValue);
    if (select && typeof other === "string")
      await attempt(
        connection.request(acp.AGENT_METHODS.session_set_config_option, {
          sessionId,
          configId: String(select.id),
          value: other,
        }),
      );
    const flag = options.find((option) => option.type === "boolean");
    if (flag)
      await attempt(
        connection.request(acp.AGENT_METHODS.session_set_config_option, {
          sessionId,
          configId: String(flag.id),
          type: "boolean",
          value: flag.currentValue !== true,
        }),
      );
    return;
  }
  const modes = session.modes;
  const mode = modes?.availableModes.find((candidate) => candidate.id !== modes.currentModeId);
  if (mode)
    await attempt(connection.request(acp.AGENT_METHODS.session_set_mode, { sessionId, modeId: mode.id }));
}
