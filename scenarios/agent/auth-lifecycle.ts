/**
 * authentication, as a lifecycle: session/new before any authenticate; when refused,
 * authenticate (with --auth-method) and try again; then, when auth.logout is advertised,
 * logout and try again, and after a refusal authenticate, try again, and logout once more.
 *
 * A refusal counts as "for want of authentication" only on evidence: session/new succeeded
 * right after authenticate, or failed right after logout though it had succeeded before. Such
 * a refusal must carry auth_required (-32000); after authenticate none may; and after logout,
 * an agent whose sessions were shown to need authentication must refuse a new one again.
 */
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import type { RequestOutcome } from "../../kit/wire/connection.js";
import { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptAround } from "./evidence.js";
import { notApplicable } from "./driver-extras.js";

const CODE = "agent.initialization.auth-required-code";
const AFTER_AUTHENTICATE = "agent.initialization.sessions-after-authenticate";
const REAUTH = "agent.initialization.reauth-after-logout";

const succeeded = (outcome: RequestOutcome) => outcome.kind === "response" && !outcome.error;
const authRequired = (outcome: RequestOutcome) =>
  outcome.kind === "response" && outcome.error?.code === -32000;

/** What the scenario learned; each requirement is recorded once, at the end. */
class Findings {
  readonly #verdicts = new Map<string, { verdict: "pass" | "fail"; message: string; seq?: number }>();

  pass(requirement: string, message: string): void {
    if (!this.#verdicts.has(requirement)) this.#verdicts.set(requirement, { verdict: "pass", message });
  }

  fail(requirement: string, message: string, seq: number): void {
    if (this.#verdicts.get(requirement)?.verdict !== "fail")
      this.#verdicts.set(requirement, { verdict: "fail", message, seq });
  }

  /** A refusal known to be for want of authentication: judged for its code. */
  refusedForAuth(outcome: RequestOutcome, why: string): void {
    if (authRequired(outcome)) this.pass(CODE, `session/new ${why} was refused with auth_required (-32000)`);
    else
      this.fail(
        CODE,
        `session/new ${why} was refused for want of authentication, but with ${describeOutcome(outcome)}; auth_required is -32000`,
        outcome.request.seq,
      );
  }

  /** Records every requirement; one given nothing to judge gets `notJudged`'s message, not tested when `unlock` could help. */
  record(
    context: ScenarioContext,
    agent: AgentUnderTest,
    notJudged: Record<string, string>,
    unlock: { requirement: string; option: string } | undefined,
  ): void {
    for (const requirement of [CODE, AFTER_AUTHENTICATE, REAUTH] as const) {
      const found = this.#verdicts.get(requirement);
      if (!found) {
        const message = notJudged[requirement]!;
        context.check(
          unlock?.requirement === requirement
            ? { requirement, verdict: "not-tested", message, unlock: unlock.option }
            : { requirement, verdict: "not-applicable", message },
        );
        continue;
      }
      context.check({
        requirement,
        verdict: found.verdict,
        message: found.message,
        ...(found.seq !== undefined
          ? { evidence: { transcript: excerptAround(agent.transcript, found.seq) } }
          : {}),
      });
    }
  }
}

export const authLifecycleScenario: Scenario = {
  id: "agent.initialization.auth-lifecycle",
  title: "session/new before authenticate, after it, and after logout",
  mode: "agent",
  requirements: [CODE, AFTER_AUTHENTICATE, REAUTH],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    const result = await agent.initialize();
    const methods = Array.isArray(result.authMethods) ? result.authMethods : [];
    if (methods.length === 0) {
      notApplicable(
        context,
        [CODE, AFTER_AUTHENTICATE, REAUTH],
        "the initialize result advertises no authMethods",
      );
      return;
    }
    const method = context.options.authMethod;
    const logout = (result.agentCapabilities as { auth?: { logout?: unknown } } | undefined)?.auth?.logout;
    const logoutAdvertised = logout !== undefined && logout !== null;
    /** A refusal the kit could not follow with authenticate, for want of --auth-method. */
    let refusedWithoutMethod = false;
    const findings = new Findings();
    const newSession = () => agent.request("session/new", { cwd: agent.sessionCwd, mcpServers: [] });
    const authenticate = async () => {
      const outcome = await agent.request("authenticate", { methodId: method });
      return succeeded(outcome);
    };
    /** authenticate, then session/new: judged when the agent took the credentials. */
    const afterAuthenticate = async (refused: RequestOutcome, why: string): Promise<boolean> => {
      if (method === undefined) refusedWithoutMethod = true;
      if (method === undefined || !(await authenticate())) return false;
      const retried = await newSession();
      if (succeeded(retried)) {
        findings.pass(AFTER_AUTHENTICATE, "after authenticate, session/new succeeded");
        findings.refusedForAuth(refused, why);
        return true;
      }
      if (authRequired(retried))
        findings.fail(
          AFTER_AUTHENTICATE,
          `authenticate with ${method} succeeded, but session/new was still refused with auth_required`,
          retried.request.seq,
        );
      return false;
    };
    /** logout, then session/new; `needsAuth`: the agent was shown to refuse sessions when logged out. */
    const afterLogout = async (needsAuth: boolean): Promise<RequestOutcome | undefined> => {
      if (!succeeded(await agent.request("logout", {}))) return undefined;
      const after = await newSession();
      if (succeeded(after)) {
        if (needsAuth)
          findings.fail(
            REAUTH,
            "after logout, session/new succeeded without authenticate, though the agent refused new sessions when not authenticated",
            after.request.seq,
          );
        return undefined;
      }
      findings.pass(REAUTH, "after logout, session/new was refused until the client authenticates again");
      return after;
    };

    const first = await newSession();
    if (!succeeded(first)) {
      // Refused before any authenticate: for want of authentication only if authenticate cures it.
      if (!(await afterAuthenticate(first, "before authenticate"))) {
        findings.record(context, agent, notJudged(method, first), unlockFor(refusedWithoutMethod));
        return;
      }
      if (logoutAdvertised) {
        const refused = await afterLogout(true);
        if (refused) findings.refusedForAuth(refused, "after logout");
      }
    } else if (logoutAdvertised) {
      // Logged in already (stored credentials, or no authentication needed): logout decides which.
      const refused = await afterLogout(false);
      if (refused) {
        findings.refusedForAuth(refused, "after logout (it had succeeded before)");
        if (await afterAuthenticate(refused, "after logout")) {
          const again = await afterLogout(true);
          if (again) findings.refusedForAuth(again, "after a second logout");
        }
      }
    }
    findings.record(context, agent, notJudged(method, first), unlockFor(refusedWithoutMethod));
  },
};

const unlockFor = (refusedWithoutMethod: boolean) =>
  refusedWithoutMethod ? { requirement: AFTER_AUTHENTICATE, option: "--auth-method <id>" } : undefined;

/** The message for each requirement the lifecycle gave nothing to judge. */
function notJudged(method: string | undefined, first: RequestOutcome): Record<string, string> {
  const noMethod = method === undefined ? " (no --auth-method to authenticate with)" : "";
  const opening = succeeded(first)
    ? "session/new succeeded before any authenticate"
    : `session/new before authenticate got ${describeOutcome(first)}, and authenticate did not show it was for want of authentication${noMethod}`;
  return {
    [CODE]: `${opening}; no session/new was refused for want of authentication`,
    [AFTER_AUTHENTICATE]: `${opening}; no refused session/new could be retried after authenticate${noMethod}`,
    [REAUTH]: `${opening}; the agent's new sessions were not shown to need authentication (no auth.logout, or sessions still succeed after logout: the kit cannot tell "needs no authentication" from "logout kept the login")`,
  };
}
