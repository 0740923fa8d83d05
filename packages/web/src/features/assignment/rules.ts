import { NOT_ADMINISTERABLE_NOW, PROCTOR_SERVICE_UNSUPPORTED, SELF_SCHEDULABLE, type AssignmentOptions, type TestMethod } from "@parlance/contract";

/**
 * Which options the assign-tests form offers for the chosen tests (the server checks the same
 * rules): administer now unless a test is live or video; the proctoring service when the account
 * uses it and no test is of an unsupported method; a live proctor by the account flag;
 * self-scheduling when the account allows it, every test can be scheduled by the candidate and the
 * candidate can be notified (it needs the notification).
 */
export function decideOptions({
  account,
  methods,
  count,
  hasEmail,
}: {
  account: AssignmentOptions["account"];
  methods: readonly TestMethod[];
  count: number;
  hasEmail: boolean;
}): { administerNow: boolean; liveProctor: boolean; proctorService: boolean; selfSchedule: boolean } {
  if (count === 0) return { administerNow: false, liveProctor: false, proctorService: false, selfSchedule: false };
  const any = (list: readonly TestMethod[]) => methods.some((m) => list.includes(m));
  return {
    administerNow: !any(NOT_ADMINISTERABLE_NOW),
    liveProctor: account.liveProctor,
    proctorService: account.usesProctorService && !any(PROCTOR_SERVICE_UNSUPPORTED),
    selfSchedule: account.allowCandidateScheduling && hasEmail && methods.every((m) => SELF_SCHEDULABLE.includes(m)),
  };
}
