/* Generated from schemas/peer-script.schema.json by scripts/generate-types.mjs; do not edit by hand. */

/**
 * A declarative, JSON-serialisable script for a scripted ACP peer. The same script runs in-process or in a spawned process.
 */
export type PeerScript = AgentScript | ClientScript | AdapterScript | HostScript;
/**
 * One step of a turn. Exactly one key.
 */
export type AgentAction =
  | {
      message: string;
      messageId?: string;
    }
  | {
      thought: string;
      messageId?: string;
    }
  | {
      toolCall: {
        [k: string]: unknown;
      };
    }
  | {
      toolCallUpdate: {
        [k: string]: unknown;
      };
    }
  | {
      plan: {
        [k: string]: unknown;
      }[];
    }
  | {
      availableCommands: {
        [k: string]: unknown;
      }[];
    }
  | {
      /**
       * Any session/update payload, sent as is.
       */
      update: {
        [k: string]: unknown;
      };
    }
  | {
      foreignUpdate: {
        sessionId?: string;
        text: string;
      };
    }
  | {
      requestPermission: {
        toolCallId?: string;
        title?: string;
        options?: {
          [k: string]: unknown;
        }[];
        /**
         * Name under which the outcome is remembered for ifPermission.
         */
        as?: string;
      };
    }
  | {
      ifPermission: {
        as?: string;
        outcome: "allowed" | "rejected" | "cancelled";
        then: AgentAction[];
        else?: AgentAction[];
      };
    }
  | {
      readFile: {
        path: string;
      };
    }
  | {
      writeFile: {
        path: string;
        content: string;
      };
    }
  | {
      terminal: {
        command: string;
        args?: string[];
      };
    }
  | CommonAction
  | {
      /**
       * Run these actions this many times (a cancel ends the loop).
       */
      repeat: {
        times: number;
        actions: AgentAction[];
      };
    }
  | {
      /**
       * Send any request to the client and wait for its answer (logged as a response event).
       */
      request: {
        method: string;
        params?: unknown;
      };
    }
  | {
      /**
       * One agent_message_chunk frame of about this many bytes.
       */
      bigMessage: {
        bytes: number;
        /**
         * Text at the start of the chunk; the rest is filler.
         */
        text?: string;
      };
    }
  | {
      /**
       * A frame written as is (a newline is added), after replacing {{requestId}} with the prompt request's id (as JSON) and {{sessionId}} with the session id.
       */
      frame: string;
    }
  | {
      /**
       * Waits until the client has answered the turn's raw frames (responses with id null, or with the id of a frame this turn wrote) this many times, so the turn does not end while answers to its probes may still be on their way.
       */
      awaitReplies: {
        /**
         * How many replies to wait for, counted from the start of the turn.
         */
        count: number;
        /**
         * The longest wait (default 10000); when it runs out the turn goes on.
         */
        waitMs?: number;
      };
    }
  | {
      /**
       * End the turn with this stop reason.
       */
      stop: string;
    }
  | {
      error: RpcError;
    }
  | {
      /**
       * Call every fs and terminal method the client advertised in initialize, on real files in a fresh directory the probe makes under the session's cwd (logged as the prepared step; the caller removes it) and real commands, and log each answer (a probe event) with how long it took and, after kill and release, which marked processes were still alive.
       */
      probeClientMethods: {
        /**
         * A name unique to the run: the probe's long-running commands start shells under it ($0), so a process scan finds them by command line.
         */
        marker: string;
      };
    }
  | {
      /**
       * Sends every request before awaiting any answer, then waits for all of them (each at most waitMs, default 5000) and logs each answer.
       */
      requestsAtOnce: {
        /**
         * @minItems 1
         */
        requests: [
          {
            method: string;
            /**
             * The request's params; the string "{{sessionId}}" or "{{requestId}}" anywhere in them becomes the turn's session id or its session/prompt request id.
             */
            params?: {
              [k: string]: unknown;
            };
          },
          ...{
            method: string;
            /**
             * The request's params; the string "{{sessionId}}" or "{{requestId}}" anywhere in them becomes the turn's session id or its session/prompt request id.
             */
            params?: {
              [k: string]: unknown;
            };
          }[]
        ];
        waitMs?: number;
      };
    }
  | {
      /**
       * Sends a request, then $/cancel_request for it after afterMs (default 0) unless it was answered by then; waits for the answer (at most waitMs more, default 5000), then half a second for a second answer.
       */
      cancelRequest: {
        method: string;
        /**
         * The request's params; the string "{{sessionId}}" or "{{requestId}}" anywhere in them becomes the turn's session id or its session/prompt request id.
         */
        params?: {
          [k: string]: unknown;
        };
        afterMs?: number;
        waitMs?: number;
      };
    };
/**
 * Actions both peers can take at any step.
 */
export type CommonAction =
  | {
      /**
       * Milliseconds.
       */
      delay: number;
    }
  | {
      /**
       * A line written as is (a newline is added).
       */
      raw: string;
    }
  | {
      /**
       * Bytes written as is (no newline added).
       */
      rawBase64: string;
    }
  | {
      stderr: string;
    }
  | {
      flood: {
        bytes: number;
        newline?: boolean;
        stream?: "stdout" | "stderr";
      };
    }
  | {
      spawn: {
        setsid?: boolean;
        seconds?: number;
      };
    }
  | {
      hang: true;
    }
  | {
      exit: number;
    };
/**
 * One request or action of the client. Exactly one key.
 */
export type ClientStep =
  | {
      initialize: {
        protocolVersion?: unknown;
      };
    }
  | {
      /**
       * authenticate with one of the methods the agent advertised.
       */
      authenticate: {
        methodId: string;
      };
    }
  | {
      newSession: {
        cwd?: string;
        /**
         * Absolute additional workspace roots (sent only when given).
         */
        additionalDirectories?: string[];
        /**
         * MCP servers to pass (default none).
         */
        mcpServers?: {
          [k: string]: unknown;
        }[];
        /**
         * Remember this session under a name that later steps give as `session`.
         */
        as?: string;
      };
    }
  | {
      loadSession: {
        /**
         * The session's id (default: the current session, the last one created, loaded or resumed).
         */
        sessionId?: string;
        /**
         * A session remembered with `as` by an earlier step.
         */
        session?: string;
        /**
         * Default: the session's cwd when this client created it, else the process's.
         */
        cwd?: string;
        /**
         * Absolute additional workspace roots (sent only when given).
         */
        additionalDirectories?: string[];
        /**
         * MCP servers to pass (default none).
         */
        mcpServers?: {
          [k: string]: unknown;
        }[];
        /**
         * Remember this session under a name that later steps give as `session`.
         */
        as?: string;
      };
    }
  | {
      prompt: {
        text: string;
        cancelAfterMs?: number;
        cancelAfterFirstUpdate?: boolean;
        /**
         * Wait for the response before the next step (default true).
         */
        await?: boolean;
        /**
         * The session's id (default: the current session, the last one created, loaded or resumed).
         */
        sessionId?: string;
        /**
         * A session remembered with `as` by an earlier step.
         */
        session?: string;
      };
    }
  | {
      /**
       * session/cancel (a notification: nothing waits).
       */
      cancel: {
        /**
         * The session's id (default: the current session, the last one created, loaded or resumed).
         */
        sessionId?: string;
        /**
         * A session remembered with `as` by an earlier step.
         */
        session?: string;
      };
    }
  | {
      /**
       * session/resume; the session becomes the current one.
       */
      resumeSession: {
        /**
         * The session's id (default: the current session, the last one created, loaded or resumed).
         */
        sessionId?: string;
        /**
         * A session remembered with `as` by an earlier step.
         */
        session?: string;
        /**
         * Default: the session's cwd when this client created it, else the process's.
         */
        cwd?: string;
        /**
         * Absolute additional workspace roots (sent only when given).
         */
        additionalDirectories?: string[];
        /**
         * MCP servers to pass (default none).
         */
        mcpServers?: {
          [k: string]: unknown;
        }[];
        /**
         * Remember this session under a name that later steps give as `session`.
         */
        as?: string;
        /**
         * v2 only (protocolVersion: 2): where the agent replays the session's history from, sent as is (for example { "type": "start" }, v2's replacement for session/load).
         */
        replayFrom?: {
          type: string;
          [k: string]: unknown;
        };
      };
    }
  | {
      /**
       * session/list.
       */
      listSessions: {
        /**
         * Only sessions in this working directory.
         */
        cwd?: string;
        cursor?: string;
        /**
         * Send the nextCursor of the last session/list answer (nothing is sent when it had none).
         */
        nextPage?: boolean;
      };
    }
  | {
      /**
       * session/close.
       */
      closeSession: {
        /**
         * The session's id (default: the current session, the last one created, loaded or resumed).
         */
        sessionId?: string;
        /**
         * A session remembered with `as` by an earlier step.
         */
        session?: string;
      };
    }
  | {
      /**
       * session/delete.
       */
      deleteSession: {
        /**
         * The session's id (default: the current session, the last one created, loaded or resumed).
         */
        sessionId?: string;
        /**
         * A session remembered with `as` by an earlier step.
         */
        session?: string;
      };
    }
  | {
      /**
       * session/set_mode.
       */
      setMode: {
        modeId: string;
        /**
         * The session's id (default: the current session, the last one created, loaded or resumed).
         */
        sessionId?: string;
        /**
         * A session remembered with `as` by an earlier step.
         */
        session?: string;
      };
    }
  | {
      /**
       * session/set_config_option.
       */
      setConfigOption: {
        configId: string;
        /**
         * A value id, or a boolean (sent with type: boolean).
         */
        value: string | boolean;
        /**
         * The session's id (default: the current session, the last one created, loaded or resumed).
         */
        sessionId?: string;
        /**
         * A session remembered with `as` by an earlier step.
         */
        session?: string;
      };
    }
  | {
      /**
       * logout.
       */
      logout: {};
    }
  | {
      /**
       * $/cancel_request for a request still waiting for its answer (for example a prompt sent with await: false; nothing is sent when none is waiting); logged as a cancel-request event.
       */
      cancelRequest: {
        /**
         * Cancel the latest unanswered request of this method (default: the latest unanswered request).
         */
        method?: string;
        /**
         * Wait for the cancelled request's answer before the next step (default true).
         */
        await?: boolean;
      };
    }
  | {
      request: {
        method: string;
        params?: unknown;
      };
    }
  | {
      notify: {
        method: string;
        params?: unknown;
      };
    }
  | {
      closeStdin: true;
    }
  | CommonAction;
/**
 * One thing a mock adapter does after reading its envelope.
 */
export type AdapterAction =
  | CommonAction
  | {
      message: {
        text: string;
        id?: string;
      };
    }
  | {
      error: {
        message?: string;
      };
    }
  | {
      /**
       * Any JSON object, written as one line (an unknown event type, a malformed message).
       */
      event: {
        [k: string]: unknown;
      };
    }
  | {
      floodMessages: {
        /**
         * Total bytes of valid message lines (64 KiB each) to write.
         */
        bytes: number;
      };
    }
  | {
      writeFile: {
        /**
         * Relative to the adapter's cwd (may climb out of it with ..) or absolute.
         */
        path: string;
        content: string;
      };
    }
  | {
      /**
       * Wait until the file release-<name> appears in $ACP_CONFORMANCE_CONTROL_DIR (the kit writes it when it has seen what it waits for); the log records whether it came.
       */
      awaitRelease: {
        name: string;
        /**
         * Go on anyway after this long (default 10000).
         */
        timeoutMs?: number;
      };
    };

/**
 * A mock ACP agent: how it answers initialize, which session ids it hands out, and what each prompt turn does.
 */
export interface AgentScript {
  role: "agent";
  /**
   * A script file this one builds on (path relative to this file; only in script files). Objects merge with this script winning; this script's prompt rules are tried before the base's; other arrays replace the base's.
   */
  extends?: string;
  /**
   * Seed for generated ids (session ids, message ids, tool call ids). Same script and seed, same frames.
   */
  seed?: number;
  initialize?: InitializeAnswer;
  /**
   * Auth method ids: session/new answers -32000 until authenticate is called with one of them.
   */
  requireAuth?: string[];
  /**
   * Session ids handed out in order; generated from the seed after these run out.
   */
  sessionIds?: string[];
  /**
   * Turn rules, tried in order: the first whose `match` is in the prompt text (or that has no match) runs; a rule with `once` is used up after one turn.
   */
  prompts?: PromptRule[];
  cancel?: CancelBehaviour;
  faults?: Faults;
  /**
   * session/update payloads sent for the session being created, with the sessionId session/new is about to answer: `before` just before the answer is written, `after` just after it (before any prompt).
   */
  sessionNewUpdates?: {
    before?: {
      [k: string]: unknown;
    }[];
    after?: {
      [k: string]: unknown;
    }[];
  };
  /**
   * What the agent offers in its session/new answer besides the session id: session modes and config options (passed through as given, so a script may offer boolean options or odd shapes). session/set_mode and session/set_config_option are answered against them: an id or value never offered gets -32602.
   */
  sessionSettings?: {
    /**
     * The SessionModeState to answer: currentModeId and availableModes.
     */
    modes?: {};
    /**
     * The config options to answer (select and boolean).
     */
    configOptions?: {}[];
  };
  /**
   * Sessions the agent holds from before this run: session/list lists them (pages of listPageSize, each but the last with an opaque nextCursor), session/load replays a session's history and session/resume reopens it, each only when initialize.agentCapabilities advertises the method. In client mode the client command's {session} names the first.
   */
  savedSessions?: SavedSession[];
  /**
   * Sessions per session/list page (default 1, so a list of two takes a cursor).
   */
  listPageSize?: number;
  /**
   * Methods whose first request from the client the agent answers with error -32800 (Request cancelled) instead of serving it.
   */
  answerCancelled?: string[];
  /**
   * v2 only: how the agent answers session/prompt, which v2 answers at once with the acknowledgment: raw lines written first, a delay, or an error that refuses the prompt (no turn runs).
   */
  promptAnswer?: {
    /**
     * Raw lines written just before the answer, as written (a response with an id the client never used, say).
     */
    before?: string[];
    /**
     * Milliseconds between the `before` lines and the answer.
     */
    delayMs?: number;
    error?: RpcError1;
  };
  /**
   * The ACP version the agent speaks (default 1). With 2 it is a v2 agent (peers/agent/v2/): initialize answers protocolVersion 2 (or initialize.protocolVersion) with info and capabilities, session/prompt is acknowledged at once, and each turn's actions arrive as v2 updates between a running and an idle state_update carrying the stop reason.
   */
  protocolVersion?: 1 | 2;
}
export interface InitializeAnswer {
  /**
   * The version to answer, or "echo" to answer whatever the client asked for.
   */
  protocolVersion?: number | "echo";
  agentCapabilities?: {
    [k: string]: unknown;
  };
  authMethods?: {
    [k: string]: unknown;
  }[];
  agentInfo?: {
    [k: string]: unknown;
  } | null;
  error?: RpcError;
  /**
   * Answer initialize only after this many milliseconds (so a client that sends more before the answer is seen).
   */
  delayMs?: number;
}
export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}
export interface PromptRule {
  /**
   * Substring of the prompt's text blocks; omitted matches any prompt.
   */
  match?: string;
  /**
   * Use this rule for one turn only (rules by order).
   */
  once?: boolean;
  actions: AgentAction[];
}
export interface CancelBehaviour {
  /**
   * End the turn on session/cancel (default true); false keeps running the actions.
   */
  honour?: boolean;
  /**
   * How long after the cancel the turn ends.
   */
  afterMs?: number;
  /**
   * What a cancelled turn answers (default cancelled).
   */
  stopReason?: string;
}
/**
 * Wire faults applied to every frame the peer writes or to how it reads.
 */
export interface Faults {
  split?: {
    pieces: number;
    delayMs?: number;
  };
  /**
   * Explicit cut points, write by write: entry i cuts the peer's i-th write on stdout (a frame with its line end, or one coalesced group) at the ascending byte offsets in `at`, pausing delaysMs[j] ms before piece j + 1. Writes past the list, and offsets outside a write, stay whole; a listed write ignores `split`. Property-based scenarios generate these (cuts inside multi-byte characters too); `split` cuts every write evenly.
   */
  cuts?: {
    at: number[];
    delaysMs?: number[];
  }[];
  /**
   * Hold frames and write those produced in the same tick in one write.
   */
  coalesce?: boolean;
  crlf?: boolean;
  /**
   * A line that is not JSON, written before the first frame.
   */
  garbageLine?: string;
  /**
   * A line with a byte that is not UTF-8, written before the first frame.
   */
  invalidUtf8?: boolean;
  /**
   * Bytes of stderr written at start.
   */
  stderrNoise?: number;
  /**
   * Send every response twice.
   */
  duplicateResponses?: boolean;
  /**
   * Answer numeric ids with id + 1000 and string ids with a suffix.
   */
  wrongResponseIds?: boolean;
  /**
   * Delay every response by this long.
   */
  lateResponseMs?: number;
  /**
   * Pad the first response with a _meta of this many bytes.
   */
  oversizeFrameBytes?: number;
  ignoreStdinEof?: boolean;
  exitAfterFrames?: {
    count: number;
    code?: number;
  };
  spawnDescendants?: {
    setsid?: boolean;
    seconds?: number;
  }[];
}
export interface SavedSession {
  sessionId: string;
  /**
   * The session's working directory (absolute).
   */
  cwd: string;
  title?: string;
  /**
   * The extra workspace roots session/list reports for it.
   */
  additionalDirectories?: string[];
  /**
   * The conversation session/load replays, in order, as user_message_chunk and agent_message_chunk updates.
   */
  history?: {
    role: "user" | "agent";
    text: string;
  }[];
}
/**
 * Answer session/prompt with this error instead of accepting it.
 */
export interface RpcError1 {
  code: number;
  message: string;
  data?: unknown;
}
/**
 * A mock ACP client: what it advertises, the requests it sends in order, and how it answers the agent.
 */
export interface ClientScript {
  role: "client";
  /**
   * A script file this one builds on (path relative to this file; only in script files). Objects merge with this script winning; this script's prompt rules are tried before the base's; other arrays replace the base's.
   */
  extends?: string;
  seed?: number;
  /**
   * Sent as is in initialize. The client serves fs/read_text_file, fs/write_text_file, terminal/* and elicitation/create (per mode: elicitation.form, elicitation.url) only when advertised here; otherwise it answers -32601 and logs the refusal.
   */
  clientCapabilities?: {
    [k: string]: unknown;
  };
  clientInfo?: {
    [k: string]: unknown;
  };
  steps: ClientStep[];
  permission?: {
    answer?: "allow_once" | "allow_always" | "reject_once" | "reject_always" | "cancelled" | "never";
  };
  fs?: {
    /**
     * Paths relative to the session cwd and their content: the whole tree (memory mode) or unsaved buffers over the disk (disk mode).
     */
    files?: {
      [k: string]: string;
    };
    /**
     * memory (default): serve the in-memory tree `files`. disk: read and write real files inside the session cwd; `files` are then unsaved editor buffers a read gets instead of the disk, until a write replaces them. Either way a path must be absolute and inside the session cwd.
     */
    mode?: "memory" | "disk";
  };
  terminal?: {
    /**
     * simulated (default): every command 'prints' `output` and exits with `exitCode` at once. real: each terminal/create runs the command (in the request's cwd, default the session cwd, with its env and outputByteLimit) in a process group of its own, killed at terminal/kill, at terminal/release and when the mock client ends, descendants that left the group included.
     */
    mode?: "simulated" | "real";
    output?: string;
    exitCode?: number;
  };
  /**
   * How the client answers elicitation/create (when clientCapabilities.elicitation advertises the request's mode).
   */
  elicitation?: {
    /**
     * The user's action (default decline); never leaves the request unanswered.
     */
    action?: "accept" | "decline" | "cancel" | "never";
    /**
     * With accept: the values the user submitted for a form.
     */
    content?: {
      [k: string]: unknown;
    };
  };
  faults?: Faults;
  /**
   * The ACP profile the client speaks (default 1). 2: the v2 draft: initialize sends protocolVersion 2 with info and capabilities (clientInfo and clientCapabilities), authenticate goes out as auth/login and logout as auth/logout, a prompt's turn ends at the agent's idle state_update (logged as a turn event), and a profile event records the version the agent answered (the client stops when it is not 2). A v2 script may not have what v2 removed: loadSession and setMode steps, fs and terminal settings or capabilities.
   */
  protocolVersion?: 1 | 2;
}
/**
 * A mock stdio adapter: it reads the envelope line, then runs its actions in order and exits 0 unless an action ended it first.
 */
export interface AdapterScript {
  role: "adapter";
  /**
   * A script file this one builds on (path relative to this file; only in script files).
   */
  extends?: string;
  seed?: number;
  /**
   * How long to wait for EOF after the envelope line before going on regardless (default 2000); the log records whether EOF came.
   */
  eofWaitMs?: number;
  /**
   * Default: one message, then exit 0.
   */
  actions?: AdapterAction[];
  faults?: Faults;
}
/**
 * A mock stdio host: it starts the adapter it is given, writes one envelope line, closes stdin, enforces the protocol's limits and a timeout, stops the adapter's process group, and records what the adapter showed.
 */
export interface HostScript {
  role: "host";
  /**
   * A script file this one builds on (path relative to this file; only in script files).
   */
  extends?: string;
  seed?: number;
  /**
   * The envelope's task (default: a small task with a request).
   */
  task?: {
    [k: string]: unknown;
  };
  prompt?: string;
  /**
   * The envelope's protocolVersion (default 1; anything else is a deliberate fault).
   */
  protocolVersion?: number;
  /**
   * Write these bytes instead of the envelope (a deliberate fault).
   */
  rawEnvelope?: string;
  /**
   * Do not close the adapter's stdin after the envelope (a deliberate fault).
   */
  keepStdinOpen?: boolean;
  /**
   * Stop the adapter and fail the task after this long (default 30000).
   */
  timeoutMs?: number;
  /**
   * Cancel the task after this long: stop the adapter's tree and fail.
   */
  cancelAfterMs?: number;
  /**
   * Default 2 MiB.
   */
  stdoutLimitBytes?: number;
  /**
   * Default 2 MiB.
   */
  stderrLimitBytes?: number;
  /**
   * The adapter's working directory (default: the host's).
   */
  cwd?: string;
}
