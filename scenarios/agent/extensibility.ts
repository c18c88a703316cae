/**
 * extensibility: `_meta` (with the reserved W3C trace keys and a vendor key) on initialize,
 * session/new and session/prompt, then fields the v1 schema does not define on session/new and
 * session/prompt; each must be answered as usual. The plain results are read for custom fields
 * at their root (anything the schema does not define, other than _meta).
 */
import type { Scenario } from "../../kit/scenario.js";
import { AcpSchema } from "../../kit/wire/schema.js";
import type { RequestOutcome } from "../../kit/wire/connection.js";
import { AgentUnderTest } from "./driver.js";
import { defaultInitializeParams } from "./agent-requests.js";
import { describeOutcome, excerptAround } from "./evidence.js";

const KIT_META = {
  traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
  tracestate: "acp-conformance=probe",
  baggage: "acp-conformance.probe=1",
  "acp-conformance.dev/probe": { nested: [1, "two", null] },
};

/** A field no version of the v1 schema defines, as a newer client might send. */
const FUTURE_FIELD = { kitFutureField: { addedIn: "a later protocol revision" } };

/** The result types whose root the kit reads, by the method that returns them. */
const RESULT_TYPES: Record<string, string> = {
  initialize: "InitializeResponse",
  "session/new": "NewSessionResponse",
  "session/prompt": "PromptResponse",
};

function customRootFields(method: string, result: unknown): string[] {
  const definition = AcpSchema.load().document.$defs?.[RESULT_TYPES[method]!] as
    | { properties?: Record<string, unknown> }
    | undefined;
  const known = new Set(Object.keys(definition?.properties ?? {}));
  return Object.keys((result ?? {}) as object).filter((key) => !known.has(key));
}

const succeeded = (outcome: RequestOutcome) => outcome.kind === "response" && !outcome.error;
const resultOf = (outcome: RequestOutcome): unknown =>
  outcome.kind === "response" && !outcome.error ? outcome.result : undefined;

export const extensibilityScenario: Scenario = {
  id: "agent.extensibility.meta-and-unknown-fields",
  title: "_meta and unknown fields on the kit's requests; the root of the agent's results",
  mode: "agent",
  requirements: [
    "agent.extensibility.meta-tolerated",
    "agent.extensibility.unknown-fields-tolerated",
    "agent.extensibility.no-custom-root-fields",
  ],
  needs: ["prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    const prompt = [{ type: "text", text: context.options.prompts.prompt! }];
    const params = defaultInitializeParams();
    const capabilities = { ...(params.clientCapabilities as object), _meta: KIT_META };
    const init = await agent.request(
      "initialize",
      { ...params, clientCapabilities: capabilities, _meta: KIT_META },
      { waitMs: context.options.startupTimeoutMs + context.options.timeoutMs },
    );
    agent.ownDeadline.add(init.request);
    const outcomes: RequestOutcome[] = [init];
    /** Plain answers whose root is read too (the control prompt). */
    const rootsRead: RequestOutcome[] = [];
    /** Whether the prompt without _meta succeeded: a failing prompt is the prompt scenario's finding. */
    let promptWorks = false;
    if (succeeded(init)) {
      await agent.afterInitialize(resultOf(init) as Record<string, unknown>);
      const opened = agent.guardAuth(
        await agent.request("session/new", { cwd: agent.sessionCwd, mcpServers: [], _meta: KIT_META }),
      );
      outcomes.push(opened);
      const sessionId = (opened.kind === "response" ? opened.result : undefined) as
        | { sessionId?: unknown }
        | undefined;
      if (succeeded(opened) && typeof sessionId?.sessionId === "string") {
        // The same prompt without _meta first: "as usual" is what the agent answers to that.
        const control = agent.guardAuth(
          await agent.request(
            "session/prompt",
            { sessionId: sessionId.sessionId, prompt },
            { waitMs: agent.turnWaitMs },
          ),
        );
        promptWorks = succeeded(control);
        if (promptWorks) {
          rootsRead.push(control);
          const turn = await agent.request(
            "session/prompt",
            { sessionId: sessionId.sessionId, prompt, _meta: KIT_META },
            { waitMs: agent.turnWaitMs },
          );
          outcomes.push(agent.guardAuth(turn));
        }
      }
    }
    const refused = outcomes.find((outcome) => !succeeded(outcome));
    if (refused) {
      context.check({
        requirement: "agent.extensibility.meta-tolerated",
        verdict: "fail",
        message: `${refused.request.method} carrying _meta ${JSON.stringify(Object.keys(KIT_META))} must be answered as usual; got ${describeOutcome(refused)}`,
        evidence: { transcript: excerptAround(agent.transcript, refused.request.seq) },
      });
      return;
    }
    context.check({
      requirement: "agent.extensibility.meta-tolerated",
      verdict: "pass",
      message: `${promptWorks ? "initialize, session/new and session/prompt" : "initialize and session/new (session/prompt not judged: it failed without _meta too)"} carrying _meta (traceparent, tracestate, baggage, a vendor key) were answered as usual`,
    });

    const custom = [...outcomes, ...rootsRead].flatMap((outcome) =>
      customRootFields(outcome.request.method, outcome.kind === "response" ? outcome.result : undefined).map(
        (field) => ({ outcome, field }),
      ),
    );
    context.check(
      custom.length > 0
        ? {
            requirement: "agent.extensibility.no-custom-root-fields",
            verdict: "fail",
            message: `the ${custom[0]!.outcome.request.method} result carries ${JSON.stringify(custom[0]!.field)} at its root, a field the v1 schema does not define; custom data belongs in _meta`,
            evidence: { transcript: excerptAround(agent.transcript, custom[0]!.outcome.request.seq, 1, 2) },
          }
        : {
            requirement: "agent.extensibility.no-custom-root-fields",
            verdict: "pass",
            message:
              "the initialize, session/new and session/prompt results carry only fields the schema defines",
          },
    );

    const future = await agent.request("session/new", {
      cwd: agent.sessionCwd,
      mcpServers: [],
      ...FUTURE_FIELD,
    });
    const futureSession = resultOf(future) as { sessionId?: unknown } | undefined;
    let second: RequestOutcome = future;
    if (promptWorks && typeof futureSession?.sessionId === "string")
      second = await agent.request(
        "session/prompt",
        { sessionId: futureSession.sessionId, prompt, ...FUTURE_FIELD },
        { waitMs: agent.turnWaitMs },
      );
    context.check(
      succeeded(future) && succeeded(second)
        ? {
            requirement: "agent.extensibility.unknown-fields-tolerated",
            verdict: "pass",
            message: `${promptWorks ? "session/new and session/prompt" : "session/new"} carrying a field the schema does not define ${promptWorks ? "were" : "was"} answered as usual`,
          }
        : {
            requirement: "agent.extensibility.unknown-fields-tolerated",
            verdict: "fail",
            message: `${(succeeded(future) ? second : future).request.method} carrying ${JSON.stringify(Object.keys(FUTURE_FIELD))} must be answered as usual; got ${describeOutcome(succeeded(future) ? second : future)}`,
            evidence: {
              transcript: excerptAround(agent.transcript, (succeeded(future) ? second : future).request.seq),
            },
          },
    );
  },
};
