/**
 * extensibility in v2, unchanged from v1 but for the schema (so v1's requirements, which list both
 * versions): `_meta` with the W3C trace keys and a vendor key on initialize and session/new, a field
 * no schema defines on session/new, each answered as usual; and the roots of the initialize,
 * session/new and session/prompt (the acknowledgment) results hold only what v2's schema defines.
 */
import type { Scenario } from "../../../kit/scenario.js";
import type { RequestOutcome } from "../../../kit/wire/connection.js";
import { AcpSchema } from "../../../kit/wire/schema.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { RESERVED_META_KEYS, reservedMetaUses } from "../extension-names.js";
import { AgentV2UnderTest } from "./driver.js";
import { v2InitializeParams } from "./kit-client-v2.js";

const KIT_META = {
  traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
  tracestate: "acp-conformance=probe",
  baggage: "acp-conformance.probe=1",
  "acp-conformance.dev/probe": { nested: [1, "two", null] },
};

/** A field no version of the schema defines, as a newer client might send. */
const FUTURE_FIELD = { kitFutureField: { addedIn: "a later protocol revision" } };

const RESULT_TYPES: Record<string, string> = {
  initialize: "InitializeResponse",
  "session/new": "NewSessionResponse",
  "session/prompt": "PromptResponse",
};

/** v1's names at these roots, which v2 requirements of their own name (initialization.ts, turn-checks.ts). */
const JUDGED_ELSEWHERE: Record<string, readonly string[]> = {
  initialize: ["agentInfo", "agentCapabilities"],
  "session/prompt": ["stopReason"],
};

function customRootFields(method: string, result: unknown): string[] {
  const definition = AcpSchema.loadV2().document.$defs?.[RESULT_TYPES[method]!] as
    | { properties?: Record<string, unknown> }
    | undefined;
  const known = new Set(Object.keys(definition?.properties ?? {}));
  const elsewhere = JUDGED_ELSEWHERE[method] ?? [];
  return Object.keys((result ?? {}) as object).filter((key) => !known.has(key) && !elsewhere.includes(key));
}

const succeeded = (outcome: RequestOutcome) => outcome.kind === "response" && !outcome.error;

export const extensibilityV2Scenario: Scenario = {
  id: "agent.v2.extensibility.meta-and-unknown-fields",
  title: "_meta and an unknown field on the kit's v2 requests; the root of the agent's v2 results",
  mode: "agent",
  requirements: [
    "agent.extensibility.meta-tolerated",
    "agent.extensibility.unknown-fields-tolerated",
    "agent.extensibility.no-custom-root-fields",
    // Judged on every frame (extension-names.ts); the traced session/new is where an agent answers in the trace.
    "agent.extensibility.trace-context-keys",
  ],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    const params = v2InitializeParams();
    const init = await agent.negotiate(2, {
      ...params,
      capabilities: { ...(params.capabilities as object), _meta: KIT_META },
      _meta: KIT_META,
    });
    const outcomes: RequestOutcome[] = [init];
    let sessionId: unknown;
    if (succeeded(init)) {
      const opened = await agent.request("session/new", { cwd: agent.sessionCwd, _meta: KIT_META });
      outcomes.push(opened);
      sessionId =
        opened.kind === "response" && !opened.error
          ? (opened.result as { sessionId?: unknown } | undefined)?.sessionId
          : undefined;
    }
    const refused = outcomes.find((outcome) => !succeeded(outcome));
    context.check(
      refused
        ? {
            requirement: "agent.extensibility.meta-tolerated",
            verdict: "fail",
            message: `${refused.request.method} carrying _meta ${JSON.stringify(Object.keys(KIT_META))} must be answered as usual; got ${describeOutcome(refused)}`,
            evidence: { transcript: excerptAround(agent.transcript, refused.request.seq) },
          }
        : {
            requirement: "agent.extensibility.meta-tolerated",
            verdict: "pass",
            message:
              "initialize and session/new carrying _meta (traceparent, tracestate, baggage, a vendor key) were answered as usual",
          },
    );
    if (refused) return;
    if (reservedMetaUses(agent).length === 0)
      context.check({
        requirement: "agent.extensibility.trace-context-keys",
        verdict: "not-applicable",
        message: `the agent sent no ${RESERVED_META_KEYS.join(", ")} in _meta, though initialize and session/new carried trace context`,
      });

    const roots = [...outcomes];
    const prompt = context.options.prompts.prompt;
    if (typeof sessionId === "string" && prompt !== undefined) {
      const turn = await agent.prompt(sessionId, prompt);
      if (turn.ack.kind === "response") roots.push(turn.ack);
    }
    const custom = roots.flatMap((outcome) =>
      customRootFields(outcome.request.method, outcome.kind === "response" ? outcome.result : undefined).map(
        (field) => ({ outcome, field }),
      ),
    );
    context.check(
      custom.length > 0
        ? {
            requirement: "agent.extensibility.no-custom-root-fields",
            verdict: "fail",
            message: `the ${custom[0]!.outcome.request.method} result carries ${JSON.stringify(custom[0]!.field)} at its root, a field the v2 schema does not define; custom data belongs in _meta`,
            evidence: { transcript: excerptAround(agent.transcript, custom[0]!.outcome.request.seq, 1, 2) },
          }
        : {
            requirement: "agent.extensibility.no-custom-root-fields",
            verdict: "pass",
            message: `the ${roots.map((outcome) => outcome.request.method).join(", ")} results carry only fields the v2 schema defines`,
          },
    );

    const future = await agent.request("session/new", { cwd: agent.sessionCwd, ...FUTURE_FIELD });
    context.check(
      succeeded(future)
        ? {
            requirement: "agent.extensibility.unknown-fields-tolerated",
            verdict: "pass",
            message: "session/new carrying a field no schema defines was answered as usual",
          }
        : {
            requirement: "agent.extensibility.unknown-fields-tolerated",
            verdict: "fail",
            message: `session/new carrying ${JSON.stringify(FUTURE_FIELD)}, a field no schema defines, must be answered as usual; got ${describeOutcome(future)}`,
            evidence: { transcript: excerptAround(agent.transcript, future.request.seq) },
          },
    );
  },
};
