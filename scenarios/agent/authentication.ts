/**
 * authentication: the authMethods the agent advertises, authenticate with a method it never
 * advertised, and logout when (only when) it advertises agentCapabilities.auth.logout. An agent
 * with no authMethods makes the first two not applicable; the kit calls logout only when it was
 * advertised, as the spec requires of clients.
 */
import { randomUUID } from "node:crypto";
import type { Scenario } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptAround } from "./evidence.js";
import { notApplicable } from "./driver-extras.js";

export const authenticationScenario: Scenario = {
  id: "agent.initialization.authentication",
  title: "authMethods, authenticate with an unknown method, and logout when advertised",
  mode: "agent",
  requirements: [
    "agent.initialization.auth-method-ids-unique",
    "agent.initialization.unknown-auth-method-refused",
    "agent.capabilities.logout-when-advertised",
  ],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    const result = await agent.handshake();
    const methods = (Array.isArray(result.authMethods) ? result.authMethods : []) as Array<{ id?: unknown }>;
    if (methods.length === 0) {
      notApplicable(
        context,
        ["agent.initialization.auth-method-ids-unique", "agent.initialization.unknown-auth-method-refused"],
        "the initialize result advertises no authMethods",
      );
    } else {
      const ids = methods.map((method) => method.id);
      const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
      context.check(
        repeated.length > 0
          ? {
              requirement: "agent.initialization.auth-method-ids-unique",
              verdict: "fail",
              message: `authMethods lists the id ${JSON.stringify(repeated[0])} more than once`,
              evidence: { actual: methods },
            }
          : {
              requirement: "agent.initialization.auth-method-ids-unique",
              verdict: "pass",
              message: `${ids.length} authMethods with distinct ids`,
            },
      );
      const unknownId = `kit-unknown-auth-${randomUUID().slice(0, 8)}`;
      const outcome = await agent.request("authenticate", { methodId: unknownId });
      agent.ownDeadline.add(outcome.request);
      context.check(
        outcome.kind === "response" && outcome.error
          ? {
              requirement: "agent.initialization.unknown-auth-method-refused",
              verdict: "pass",
              message: `authenticate with an unadvertised methodId was refused with error ${outcome.error.code}`,
            }
          : {
              requirement: "agent.initialization.unknown-auth-method-refused",
              verdict: "fail",
              message: `authenticate with ${unknownId}, which authMethods never listed, must be refused with an error; got ${describeOutcome(outcome)}`,
              evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
            },
      );
    }

    const logout = (result.agentCapabilities as { auth?: { logout?: unknown } } | undefined)?.auth?.logout;
    if (logout === undefined || logout === null) {
      notApplicable(
        context,
        ["agent.capabilities.logout-when-advertised"],
        "the agent does not advertise agentCapabilities.auth.logout, so a client must not call it",
      );
      return;
    }
    const outcome = await agent.request("logout", {});
    context.check(
      outcome.kind === "response" && !outcome.error
        ? {
            requirement: "agent.capabilities.logout-when-advertised",
            verdict: "pass",
            message: "logout, which the agent advertised, was answered with a result",
          }
        : {
            requirement: "agent.capabilities.logout-when-advertised",
            verdict: "fail",
            message: `the agent advertises agentCapabilities.auth.logout, but logout got ${describeOutcome(outcome)}`,
            evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
          },
    );
  },
};
