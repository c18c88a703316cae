/**
 * capabilities, gating: the agent withholds every optional capability, once with each field
 * omitted, once with it `null` (where the schema allows null: the session methods and logout)
 * and once with it `false` (where it allows a boolean: loadSession, prompt content types, MCP
 * transports), and the client must never call a method, send a prompt block or list an MCP
 * server transport it was not offered. Gating is a "never", so a pass is judged over the
 * client's whole run, and only a run that completed its turn counts as one seen whole. The same
 * runs judge whether the client copes with an agent that offers nothing optional.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { clientMessages, describeExit, runClient, succeeded, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { checkNotExercised } from "./shared-checks.js";

type Message = Record<string, unknown>;

/** One thing the client may only do when the agent offered it. */
interface Gate {
  requirement: RequirementId;
  /** Where in agentCapabilities the offer would be, as a path. */
  field: readonly string[];
  /** What the client did, in words: "called session/list". */
  act: string;
  /** Whether one message of the client's does it. */
  doneBy(message: Message): boolean;
}

const params = (message: Message): Message =>
  typeof message.params === "object" && message.params !== null ? (message.params as Message) : {};

const calls = (method: string) => (message: Message) => message.method === method;

const promptHasBlock = (type: string) => (message: Message) =>
  message.method === "session/prompt" &&
  Array.isArray(params(message).prompt) &&
  (params(message).prompt as Message[]).some((block) => block?.type === type);

/** MCP servers are listed in session/new, and again in session/load and session/resume. */
const listsServer = (type: string) => (message: Message) =>
  ["session/new", "session/load", "session/resume"].includes(String(message.method)) &&
  Array.isArray(params(message).mcpServers) &&
  (params(message).mcpServers as Message[]).some((server) => server?.type === type);

/** Extra workspace roots are sent in the same three requests, the field present at all being the use. */
const sendsRoots = (message: Message) =>
  ["session/new", "session/load", "session/resume"].includes(String(message.method)) &&
  params(message).additionalDirectories !== undefined;

const GATES: readonly Gate[] = [
  {
    requirement: "client.capabilities.no-unadvertised-load",
    field: ["loadSession"],
    act: "called session/load",
    doneBy: calls("session/load"),
  },
  {
    requirement: "client.capabilities.no-unadvertised-resume",
    field: ["sessionCapabilities", "resume"],
    act: "called session/resume",
    doneBy: calls("session/resume"),
  },
  {
    requirement: "client.capabilities.no-unadvertised-close",
    field: ["sessionCapabilities", "close"],
    act: "called session/close",
    doneBy: calls("session/close"),
  },
  {
    requirement: "client.capabilities.no-unadvertised-list",
    field: ["sessionCapabilities", "list"],
    act: "called session/list",
    doneBy: calls("session/list"),
  },
  {
    requirement: "client.capabilities.no-unadvertised-delete",
    field: ["sessionCapabilities", "delete"],
    act: "called session/delete",
    doneBy: calls("session/delete"),
  },
  {
    requirement: "client.capabilities.no-unadvertised-logout",
    field: ["auth", "logout"],
    act: "called logout",
    doneBy: calls("logout"),
  },
  {
    requirement: "client.capabilities.no-unadvertised-image",
    field: ["promptCapabilities", "image"],
    act: "sent an image block in session/prompt",
    doneBy: promptHasBlock("image"),
  },
  {
    requirement: "client.capabilities.no-unadvertised-audio",
    field: ["promptCapabilities", "audio"],
    act: "sent an audio block in session/prompt",
    doneBy: promptHasBlock("audio"),
  },
  {
    requirement: "client.capabilities.no-unadvertised-embedded-resource",
    field: ["promptCapabilities", "embeddedContext"],
    act: "sent an embedded resource block in session/prompt",
    doneBy: promptHasBlock("resource"),
  },
  {
    requirement: "client.capabilities.no-unadvertised-http-mcp",
    field: ["mcpCapabilities", "http"],
    act: "listed an http MCP server",
    doneBy: listsServer("http"),
  },
  {
    requirement: "client.capabilities.no-unadvertised-sse-mcp",
    field: ["mcpCapabilities", "sse"],
    act: "listed an sse MCP server",
    doneBy: listsServer("sse"),
  },
  {
    requirement: "client.capabilities.no-unadvertised-additional-directories",
    field: ["sessionCapabilities", "additionalDirectories"],
    act: "sent additionalDirectories",
    doneBy: sendsRoots,
  },
];

/** What the agent answers in agentCapabilities: every optional capability withheld, one way each. */
const WITHHELD = {
  omitted: {},
  null: {
    sessionCapabilities: { list: null, resume: null, close: null, delete: null, additionalDirectories: null },
    auth: { logout: null },
    promptCapabilities: {},
    mcpCapabilities: {},
  },
  false: {
    loadSession: false,
    sessionCapabilities: {},
    auth: {},
    promptCapabilities: { image: false, audio: false, embeddedContext: false },
    mcpCapabilities: { http: false, sse: false },
  },
} as const satisfies Record<string, Record<string, unknown>>;

type Variant = keyof typeof WITHHELD;

/** How the agent's answer withheld `field`: "sessionCapabilities.list null", "loadSession omitted". */
function howWithheld(capabilities: Record<string, unknown>, field: readonly string[]): string {
  let value: unknown = capabilities;
  for (const key of field) {
    if (typeof value !== "object" || value === null || !(key in value)) {
      value = undefined;
      break;
    }
    value = (value as Record<string, unknown>)[key];
  }
  return `${field.join(".")} ${value === undefined ? "omitted" : JSON.stringify(value)}`;
}

function recordGates(context: ScenarioContext, run: ClientRun, capabilities: Record<string, unknown>): void {
  const messages = clientMessages(run);
  const offered = `agentCapabilities ${JSON.stringify(capabilities)}`;
  for (const gate of GATES) {
    const withheld = howWithheld(capabilities, gate.field);
    const offending = messages.find((message) => gate.doneBy(message));
    if (offending) {
      context.check({
        requirement: gate.requirement,
        verdict: "fail",
        message: `the client ${gate.act} although the agent's initialize answer had ${withheld} (${offered})`,
        evidence: { details: [JSON.stringify(offending).slice(0, 500)] },
      });
      continue;
    }
    if (!succeeded(run)) {
      checkNotExercised(
        context,
        gate.requirement,
        `the client did not complete its turn (${describeExit(run)}), so its whole run with ${withheld} was not seen`,
      );
      continue;
    }
    context.check({
      requirement: gate.requirement,
      verdict: "pass",
      message: `gating is a "never", judged over the client's whole run (${messages.length} messages, a completed turn): with ${withheld} (${offered}), it never ${gate.act}`,
    });
  }
}

/**
 * The kit's agent offers no config options at all (its session/new answer has none), so a
 * boolean set_config_option from the client is for an option never offered as boolean, whatever
 * the client itself advertised; the message also says what that was.
 */
function recordBooleanConfig(context: ScenarioContext, run: ClientRun): void {
  const requirement = "client.capabilities.no-unadvertised-boolean-config";
  const messages = clientMessages(run);
  const initialize = messages.find((message) => message.method === "initialize");
  const own = howWithheld((params(initialize ?? {}).clientCapabilities ?? {}) as Record<string, unknown>, [
    "session",
    "configOptions",
    "boolean",
  ]);
  const offending = messages.find(
    (message) => message.method === "session/set_config_option" && params(message).type === "boolean",
  );
  if (offending) {
    context.check({
      requirement,
      verdict: "fail",
      message: `the client sent a boolean session/set_config_option although the agent offered no config options (and the client's own ${own})`,
      evidence: { details: [JSON.stringify(offending).slice(0, 500)] },
    });
  } else if (!succeeded(run)) {
    checkNotExercised(
      context,
      requirement,
      `the client did not complete its turn (${describeExit(run)}), so its whole run was not seen`,
    );
  } else {
    context.check({
      requirement,
      verdict: "pass",
      message: `gating is a "never", judged over the client's whole run (${messages.length} messages, a completed turn): offered no config options, it never sent a boolean session/set_config_option (its own ${own})`,
    });
  }
}

/** A client that needs an optional capability, or trips on a null or false one, cannot finish this turn. */
function recordCopes(context: ScenarioContext, run: ClientRun, capabilities: Record<string, unknown>): void {
  const requirement = "client.capabilities.copes-with-withheld-capabilities";
  if (run.events.filter((event) => event.kind === "received").length === 0) {
    checkNotExercised(context, requirement, `the client never talked to the agent (${describeExit(run)})`);
    return;
  }
  context.check(
    succeeded(run)
      ? {
          requirement,
          verdict: "pass",
          message: `the client completed its turn with agentCapabilities ${JSON.stringify(capabilities)}`,
        }
      : {
          requirement,
          verdict: "fail",
          message: `with agentCapabilities ${JSON.stringify(capabilities)} the client did not complete its turn: ${describeExit(run)}`,
          evidence: { stderrTail: run.stderrTail },
        },
  );
}

function gatingScenario(variant: Variant): Scenario {
  return {
    id: `client.capabilities.gating-${variant}`,
    title: `the agent withholds every optional capability (${variant === "omitted" ? "each field omitted" : `each field ${variant} where the schema allows it`}); the client uses none`,
    mode: "client",
    requirements: [
      ...GATES.map((gate) => gate.requirement),
      "client.capabilities.no-unadvertised-boolean-config",
      "client.capabilities.copes-with-withheld-capabilities",
    ],
    async run(context) {
      const capabilities: Record<string, unknown> = WITHHELD[variant];
      const run = await runClient(
        context,
        agentScript([{ message: nonce("gating") }, { stop: "end_turn" }], {
          initialize: { agentCapabilities: capabilities },
        }),
      );
      recordGenericClientChecks(context, run);
      recordGates(context, run, capabilities);
      recordBooleanConfig(context, run);
      recordCopes(context, run, capabilities);
    },
  };
}

export const gatingOmittedScenario = gatingScenario("omitted");
export const gatingNullScenario = gatingScenario("null");
export const gatingFalseScenario = gatingScenario("false");
