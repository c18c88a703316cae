/**
 * One ACP prompt turn on the official SDK, as the reference client and the reference
 * runtime's `acp` transport run it: the agent in its own process group, fs and terminal
 * advertised and served for real (client-services.ts), elicitation served by a scripted user
 * (elicitation-user.ts), permission requests rejected, only this session's message text kept, and the
 * agent's whole group ended however the turn ends (stdin closed first, then SIGTERM, then
 * SIGKILL). When ACP_CONFORMANCE_SCENARIO names the kit's cancel-while-asking scenario, the
 * turn is cancelled while a permission request is open (a test hook for a cooperating client).
 */
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { KIT_VERSION } from "../../kit/version.js";
import { SessionOutput } from "./session-output.js";
import { newSession, prompt } from "./client-auth.js";
import { CONFIG_OPTION_CAPABILITIES, changeOfferedSettings } from "./client-settings.js";
import type { TurnSessions } from "./client-sessions.js";
import { referenceMcpServers, traceMeta } from "./turn-context.js";
import { SERVED_CAPABILITIES, serveClientMethods } from "./client-services.js";
import { answerAsUser, ELICITATION_MODES } from "./elicitation-user.js";
import { commandToRun } from "./command-run.js";
import { VersionSwitch } from "./v2/client-version-switch.js";
import { runV2Turn } from "./v2/client-turn-v2.js";

export interface AcpTurnOptions {
  command: string;
  args?: readonly string[];
  cwd?: string;
  prompt: string;
  timeoutMs: number;
  clientName: string;
  /** Opens the session (default: session/new) and finishes it after the turn: the reference client's client-sessions.ts. */
  sessions?: TurnSessions;
  /** Ask for ACP v2 and speak it when the agent answers 2 (v2/client-turn-v2.ts); v1 when it answers 1. */
  offerV2?: boolean;
}

export interface AcpTurn {
  /** The agent's message text for the turn; rejects with the reason the turn failed. */
  text: Promise<string>;
  /** Ends the agent's whole group (call it however the turn ended). */
  stop(): Promise<void>;
}

const wait = (ms: number) => new Promise<false>((resolve) => setTimeout(() => resolve(false), ms).unref());

export function startAcpTurn(options: AcpTurnOptions): AcpTurn {
  const agent = spawn(options.command, [...(options.args ?? [])], {
    cwd: options.cwd,
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  agent.stderr.resume(); // drain: an agent that logs a lot must never block on a full pipe
  agent.stdin.on("error", () => {});
  const agentExited = new Promise<void>((resolve) => {
    agent.once("exit", () => resolve());
    agent.once("error", () => resolve());
  });

  let served: ReturnType<typeof serveClientMethods> | undefined;
  const stop = async (): Promise<void> => {
    await served?.endAll(); // every terminal, released or not
    agent.stdin.end();
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        if (agent.pid !== undefined) process.kill(-agent.pid, signal);
      } catch {
        // the group is gone
      }
    };
    if (!(await Promise.race([agentExited.then(() => true), wait(2_000)]))) {
      signalGroup("SIGTERM");
      if (!(await Promise.race([agentExited.then(() => true), wait(2_000)]))) signalGroup("SIGKILL");
    }
    signalGroup("SIGKILL"); // whatever the agent started in its group
  };

  // Aborted when the client gives up: the SDK then cancels the pending prompt with $/cancel_request.
  const gaveUp = new AbortController();
  const runTurn = async (): Promise<string> => {
    const output = new SessionOutput();
    const client = acp
      .client({ name: options.clientName })
      .onNotification(acp.methods.client.session.update, ({ params }) => output.add(params))
      .onRequest(acp.methods.client.session.requestPermission, async ({ params, agent: connection }) => {
        if (process.env.ACP_CONFORMANCE_SCENARIO?.endsWith("permission.cancel-while-asking")) {
          await connection.notify(acp.methods.agent.session.cancel, { sessionId: params.sessionId });
          return { outcome: { outcome: "cancelled" } };
        }
        const reject = params.options.find(
          (option) => option.kind === "reject_once" || option.kind === "reject_always",
        );
        return {
          outcome: reject ? { outcome: "selected", optionId: reject.optionId } : { outcome: "cancelled" },
        };
      })
      .onRequest(acp.methods.client.elicitation.create, async ({ params }) => {
        const answer = answerAsUser(params, ELICITATION_MODES);
        if ("refused" in answer) throw acp.RequestError.invalidParams(undefined, answer.refused);
        return answer;
      })
      // Unknown or already completed elicitation ids are ignored (elicitation.mdx#url-completion).
      .onNotification(acp.methods.client.elicitation.complete, () => {});
    served = serveClientMethods(client, () => options.cwd ?? process.cwd());
    const versions = options.offerV2 ? new VersionSwitch(agent.stdout, agent.stdin) : undefined;
    const stream = acp.ndJsonStream(
      versions?.writable ?? (Writable.toWeb(agent.stdin) as WritableStream<Uint8Array>),
      versions?.readable ?? (Readable.toWeb(agent.stdout) as ReadableStream<Uint8Array>),
    );
    return client.connectWith(stream, async (connection) => {
      const info = { name: options.clientName, version: KIT_VERSION };
      const init = await connection.request(acp.methods.agent.initialize, {
        protocolVersion: options.offerV2 ? 2 : acp.PROTOCOL_VERSION,
        clientCapabilities: {
          ...SERVED_CAPABILITIES,
          session: CONFIG_OPTION_CAPABILITIES,
          elicitation: { form: {}, url: {} }, // ELICITATION_MODES, as the handler serves
        },
        clientInfo: info,
        // Asking for 2, the request carries v2's fields too: an agent answering 2 reads these, one answering 1 the v1 ones.
        ...(options.offerV2 ? { info, capabilities: {} } : {}),
      } as acp.InitializeRequest);
      if (versions && init.protocolVersion === 2)
        return runV2Turn(versions.takeOver(), {
          cwd: options.cwd ?? process.cwd(),
          prompt: options.prompt,
          capabilities: (init as { capabilities?: unknown }).capabilities, // v2's name for the agent's capabilities
          authMethods: (init as { authMethods?: unknown }).authMethods,
          sessions: options.sessions?.options,
          gaveUp: gaveUp.signal,
        });
      if (init.protocolVersion !== acp.PROTOCOL_VERSION)
        throw new Error(
          `the agent speaks ACP protocol version ${init.protocolVersion}; this client speaks ${acp.PROTOCOL_VERSION}`,
        );
      const cwd = options.cwd ?? process.cwd();
      const createSession = (params: acp.NewSessionRequest) => newSession(connection, init, params);
      const session = options.sessions
        ? await options.sessions.open(connection, init, cwd, (id) => output.bind(id), createSession)
        : await createSession({ cwd, mcpServers: referenceMcpServers() });
      const { sessionId } = session;
      output.bind(sessionId);
      await changeOfferedSettings(connection, session);
      const runPrompt = async (promptText: string) => {
        const { stopReason } = await prompt(
          connection,
          init,
          { _meta: traceMeta(), sessionId, prompt: [{ type: "text", text: promptText }] },
          { cancellationSignal: gaveUp.signal },
        );
        if (stopReason !== "end_turn") throw new Error(`the turn ended with ${stopReason}`);
      };
      await runPrompt(options.prompt);
      // The kit's slash-command hook (command-run.ts): the user runs an advertised command next.
      const command = commandToRun(output.commands);
      if (command) await runPrompt(command);
      await options.sessions?.finish(connection, sessionId);
      return output.text;
    });
  };

  const text = Promise.race([
    runTurn(),
    agentExited.then(() => Promise.reject(new Error("the agent exited during the turn"))),
    wait(options.timeoutMs),
  ]).then(async (outcome) => {
    if (outcome === false) {
      gaveUp.abort();
      await wait(100); // lets the $/cancel_request reach the agent before stop() closes its stdin
      throw new Error(`the agent did not finish the turn within ${options.timeoutMs} ms`);
    }
    return outcome;
  });
  text.catch(() => {});
  return { text, stop };
}
