/**
 * The kit's test hook for slash commands (docs/protocol/v1/slash-commands.mdx#running-commands):
 * when ACP_CONFORMANCE_SCENARIO names the kit's slash-command scenario, the "user" of a client
 * runs the first command the agent advertised in the first turn, as a second prompt whose text
 * is /name followed by some input. Plain data, so the fixture clients' base can share it.
 */

/** The scenario id (after the mode prefix) a client's test entry point looks for. */
export const RUN_COMMAND_SCENARIO = "prompt.slash-command";

type Command = { name?: unknown; input?: { hint?: unknown } | null };

/** The names of the commands an update advertises, when it is an available_commands_update. */
export function advertisedCommands(update: {
  sessionUpdate?: unknown;
  availableCommands?: unknown;
}): string[] {
  if (update.sessionUpdate !== "available_commands_update" || !Array.isArray(update.availableCommands))
    return [];
  return (update.availableCommands as Command[]).flatMap((command) =>
    typeof command?.name === "string" ? [command.name] : [],
  );
}

/** The command prompt the user types, or undefined when the hook is off or nothing was advertised. */
export function commandToRun(
  commands: readonly string[],
  scenario = process.env.ACP_CONFORMANCE_SCENARIO,
): string | undefined {
  if (!scenario?.endsWith(RUN_COMMAND_SCENARIO) || commands.length === 0) return undefined;
  return `/${commands[0]} the kit's test input`;
}
