/**
 * The mock client's answer to elicitation/create (docs/protocol/v1/elicitation.mdx): the
 * script's action (accept with its content, decline, cancel, or never answer), given only for
 * a mode the script advertised under clientCapabilities.elicitation (a non-null `form` or
 * `url`). Every request is logged with the answer it got, so a test can assert on what the
 * agent asked and what it was told.
 */
import type { ObservationLog } from "../observation-log.js";
import type { ClientScript } from "../script-types.js";
import type { Reply } from "./client-fs.js";

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

export function answerElicitation(
  script: ClientScript,
  log: ObservationLog,
  params: Record<string, unknown>,
): Reply | undefined {
  const mode = typeof params.mode === "string" ? params.mode : undefined;
  const message = typeof params.message === "string" ? params.message : undefined;
  const advertised = (
    script.clientCapabilities as { elicitation?: Record<string, unknown> | null } | undefined
  )?.elicitation;
  let reply: Reply | undefined;
  if (advertised === undefined || advertised === null)
    reply = {
      error: { code: METHOD_NOT_FOUND, message: "Method not found: elicitation/create (not advertised)" },
    };
  else if (mode === undefined || advertised[mode] === undefined || advertised[mode] === null)
    reply = {
      error: {
        code: INVALID_PARAMS,
        message: `Invalid params: elicitation mode ${JSON.stringify(mode)} was not advertised`,
      },
    };
  else {
    const action = script.elicitation?.action ?? "decline";
    if (action !== "never")
      reply = {
        result:
          action === "accept" && script.elicitation?.content !== undefined
            ? { action, content: script.elicitation.content }
            : { action },
      };
  }
  log.add({
    kind: "elicitation",
    mode,
    message,
    answer: reply === undefined ? undefined : "result" in reply ? reply.result : { error: reply.error },
  });
  return reply;
}
