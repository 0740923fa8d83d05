import { NOT_ADMINISTERABLE_NOW, PROCTOR_SERVICE_UNSUPPORTED, canSelfSchedule, type AssignmentOptions, type TestMethod } from "@parlance/contract";

/**
 * Which options the assign-tests form offers for the chosen tests (the server checks the same
 * rules): administer now unless a test is live or video; the proctoring service when the account
 * uses it and no test is of an unsupported method; a live proctor by the account flag;
 * self-scheduling when the account allows it, the candidate can be notified (it needs the
 * notification) and every test has something the candidate books: a live or video appointment, or
 * the proctored sitting of an online or phone test given with the proctoring service (so it follows
 * the proctoring service box).
 */
export function decideOptions({
  account,
  methods,
  count,
  hasEmail,
  proctorServiceChosen = false,
}: {
  account: AssignmentOptions["account"];
  methods: readonly TestMethod[];
  count: number;
  hasEmail: boolean;
  /** The proctoring service box is ticked. */
  proctorServiceChosen?: boolean;
}): { administerNow: boolean; liveProctor: boolean; proctorService: boolean; selfSchedule: boolean } {
  if (count === 0) return { administerNow: false, liveProctor: false, proctorService: false, selfSchedule: false };
  const any = (list: readonly TestMethod[]) => methods.some((m) => list.includes(m));
  const proctorService = account.usesProctorService && !any(PROCTOR_SERVICE_UNSUPPORTED);
  return {
    administerNow: !any(NOT_ADMINISTERABLE_NOW),
    liveProctor: account.liveProctor,
    proctorService,
    selfSchedule: account.allowCandidateScheduling && hasEmail && canSelfSchedule(methods, proctorService && proctorServiceChosen),
  };
}
