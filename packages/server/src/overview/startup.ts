import { CLIENT_ROLES, Role, type OverviewStartup } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Scope } from "../auth/scope.js";

/**
 * The Overview's startup data (evaluators-results-account.md §3): its authorised flags by the
 * spec's names, whether the caller is a candidate (a candidate-only user or an access-code
 * session), the phone test numbers, whether they are bound to one office, and limited support:
 * a candidate's first contact is the organisation that assigned the test, not the provider.
 */
/** A candidate and nothing more (besides role 14, User, which every signed-in person holds), or an access-code session. */
export function isCandidateOnly(scope: Pick<Scope, "kind" | "roles">): boolean {
  if (scope.kind === "candidateByCode" || scope.kind === "candidate") return true;
  const { roles } = scope;
  return roles.includes(Role.Candidate) && roles.every((r) => r === Role.Candidate || r === Role.User);
}

export function overviewStartup(ctx: Pick<AppContext, "config">, scope: Scope): OverviewStartup {
  const can = (p: Parameters<Scope["permissions"]["has"]>[0]) => scope.permissions.has(p);
  const isCandidate = isCandidateOnly(scope);
  return {
    authorized: {
      Candidates: can("candidates"),
      EvaluatorSchedule: can("evaluatorSchedule"),
      Groups: can("groups"),
      OutstandingPaperTests: can("outstandingPaperTests"),
      Results: can("results"),
      Settings: can("settings"),
      TestHistory: can("testHistory"),
      Tests: can("tests"),
    },
    isCandidate,
    ivrLocalNumber: ctx.config.voiceLocalNumber,
    ivrTollFree: ctx.config.voiceTollFreeNumber,
    officeUser: scope.kind === "client" && scope.officeId !== null && scope.roles.some((r) => CLIENT_ROLES.includes(r)),
    shouldViewLimitedSupport: isCandidate,
  };
}
