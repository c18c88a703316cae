/**
 * authentication in v2, as a lifecycle (v1's auth-lifecycle.ts on v2's auth/login and auth/logout):
 * session/new before any auth/login; when refused, auth/login (with --auth-method) and try again;
 * then auth/logout (owed by every agent that lists authMethods) and try again, and after a refusal
 * auth/login, try again, and auth/logout once more. Every successful auth/login and auth/logout
 * result must be empty.
 *
 * A refusal counts as "for want of authentication" only on evidence: session/new succeeded right
 * after auth/login, or failed right after auth/logout though it had succeeded before. Such a
 * refusal should carry auth_required (-32000); after auth/login none may; and after auth/logout,
 * an agent whose sessions were shown to need authentication must refuse a new one again.
 */
import type { Scenario } from "../../../kit/scenario.js";
import type { RequestOutcome } from "../../../kit/wire/connection.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { AgentV2UnderTest } from "./driver.js";

const EMPTY = "agent.v2.initialization.auth-results-empty";
const CODE = "agent.v2.initialization.auth-required-code";
const AFTER_LOGIN = "agent.v2.initialization.sessions-after-login";
const REAUTH = "agent.v2.initialization.reauth-after-logout";
const ALL = [EMPTY, CODE, AFTER_LOGIN, REAUTH] as const;

const succeeded = (outcome: RequestOutcome) => outcome.kind === "response" && !outcome.error;

type Finding = { verdict: "pass" | "fail"; message: string; seq?: number };

export const authLifecycleV2Scenario: Scenario = {
  id: "agent.v2.initialization.auth-lifecycle",
  title: "session/new before auth/login, after it, and after auth/logout; the auth results",
  mode: "agent",
  requirements: [...ALL],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    const result = await agent.handshake();
    if (!Array.isArray(result.authMethods) || result.authMethods.length === 0) {
      for (const requirement of ALL)
        context.check({ requirement, verdict: "not-applicable", message: "the agent lists no authMethods" });
      return;
    }
    const method = context.options.authMethod;
    const findings = new Map<string, Finding>();
    const pass = (requirement: string, message: string) => {
      if (!findings.has(requirement)) findings.set(requirement, { verdict: "pass", message });
    };
    const fail = (requirement: string, message: string, seq: number) => {
      if (findings.get(requirement)?.verdict !== "fail")
        findings.set(requirement, { verdict: "fail", message, seq });
    };
    /** A successful auth/login or auth/logout: its result holds nothing but _meta. */
    const judgeResult = (outcome: RequestOutcome) => {
      const fields = Object.keys((outcome.kind === "response" && outcome.result) || {}).filter(
        (key) => key !== "_meta",
      );
      if (fields.length === 0) pass(EMPTY, `${outcome.request.method} succeeded with an empty result`);
      else
        fail(
          EMPTY,
          `${outcome.request.method} succeeded with ${JSON.stringify(fields)} in its result, which must be empty (custom data belongs in _meta)`,
          outcome.request.seq,
        );
    };
    const refusedForAuth = (outcome: RequestOutcome, why: string) => {
      if (outcome.kind === "response" && outcome.error?.code === -32000)
        pass(CODE, `session/new ${why} was refused with auth_required (-32000)`);
      else
        fail(
          CODE,
          `session/new ${why} was refused for want of authentication, but with ${describeOutcome(outcome)}; auth_required is -32000`,
          outcome.request.seq,
        );
    };
    const newSession = () => agent.request("session/new", { cwd: agent.sessionCwd });
    /** auth/login, then session/new: judged when the agent took the login. */
    const afterLogin = async (refused: RequestOutcome, why: string): Promise<boolean> => {
      if (method === undefined) return false;
      const login = await agent.request("auth/login", { methodId: method });
      if (!succeeded(login)) return false;
      judgeResult(login);
      const retried = await newSession();
      if (succeeded(retried)) {
        pass(AFTER_LOGIN, "after auth/login, session/new succeeded");
        refusedForAuth(refused, why);
        return true;
      }
      if (retried.kind === "response" && retried.error?.code === -32000)
        fail(
          AFTER_LOGIN,
          `auth/login with ${method} succeeded, but session/new was still refused with auth_required`,
          retried.request.seq,
        );
      return false;
    };
    /** auth/logout, then session/new; `needsAuth`: the agent was shown to refuse sessions when logged out. */
    const afterLogout = async (needsAuth: boolean): Promise<RequestOutcome | undefined> => {
      const logout = await agent.request("auth/logout", {});
      if (!succeeded(logout)) return undefined;
      judgeResult(logout);
      const after = await newSession();
      if (succeeded(after)) {
        if (needsAuth)
          fail(
            REAUTH,
            "after auth/logout, session/new succeeded without auth/login, though the agent refused new sessions when logged out",
            after.request.seq,
          );
        return undefined;
      }
      pass(REAUTH, "after auth/logout, session/new was refused until the client logs in again");
      return after;
    };

    const first = await newSession();
    let refusedWithoutMethod = false;
    if (!succeeded(first)) {
      // Refused before any auth/login: for want of authentication only if auth/login cures it.
      refusedWithoutMethod = method === undefined;
      if (await afterLogin(first, "before auth/login")) {
        const refused = await afterLogout(true);
        if (refused) refusedForAuth(refused, "after auth/logout");
      }
    } else {
      // Logged in already (stored credentials, or no authentication needed): auth/logout decides which.
      const refused = await afterLogout(false);
      if (refused) {
        refusedForAuth(refused, "after auth/logout (it had succeeded before)");
        refusedWithoutMethod = method === undefined;
        if (await afterLogin(refused, "after auth/logout")) {
          const again = await afterLogout(true);
          if (again) refusedForAuth(again, "after a second auth/logout");
        }
      }
    }

    const opening = succeeded(first)
      ? "session/new succeeded before any auth/login"
      : `session/new before auth/login got ${describeOutcome(first)}`;
    const noMethod = method === undefined ? " (no --auth-method to log in with)" : "";
    const notJudged: Record<(typeof ALL)[number], string> = {
      [EMPTY]: `no auth/login or auth/logout succeeded${noMethod}`,
      [CODE]: `${opening}; no session/new was shown to be refused for want of authentication${noMethod}`,
      [AFTER_LOGIN]: `${opening}; no refused session/new could be retried after a successful auth/login${noMethod}`,
      [REAUTH]: `${opening}; the agent's new sessions were not shown to need authentication (they still succeed after auth/logout: the kit cannot tell "needs no authentication" from "logout kept the login")`,
    };
    for (const requirement of ALL) {
      const found = findings.get(requirement);
      if (found)
        context.check({
          requirement,
          verdict: found.verdict,
          message: found.message,
          ...(found.seq !== undefined
            ? { evidence: { transcript: excerptAround(agent.transcript, found.seq) } }
            : {}),
        });
      else if (refusedWithoutMethod && (requirement === AFTER_LOGIN || requirement === EMPTY))
        context.check({
          requirement,
          verdict: "not-tested",
          message: notJudged[requirement],
          unlock: "--auth-method <id>",
        });
      else context.check({ requirement, verdict: "not-applicable", message: notJudged[requirement] });
    }
  },
};
