/** The provider's test catalogue: methods, durations, test types and the fee rule of spec §9. */

export const TEST_METHODS = ["online", "paper", "ivr", "live", "video"] as const;
export type TestMethod = (typeof TEST_METHODS)[number];

/** How the specs name each method on screen (Online, Paper, IVR, Live, Video). */
export const TEST_METHOD_LABELS: Record<TestMethod, string> = {
  online: "Online",
  paper: "Paper",
  ivr: "IVR",
  live: "Live",
  video: "Video",
};

export const TEST_DURATIONS = [30, 60, 120] as const;
export type TestDuration = (typeof TEST_DURATIONS)[number];

export const TEST_TYPES = ["listening_speaking", "reading", "writing", "translation", "interpretation"] as const;
export type TestType = (typeof TEST_TYPES)[number];

/** Fees in cents by duration: with more than an hour's notice, and otherwise (spec §9). */
export const TEST_FEES_CENTS: Record<TestDuration, { withNotice: number; shortNotice: number }> = {
  30: { withNotice: 1500, shortNotice: 2000 }, // Listening and Speaking
  60: { withNotice: 2300, shortNotice: 2800 }, // Reading or Writing
  120: { withNotice: 2900, shortNotice: 3400 }, // Translation
};

/** Proctoring rates in cents with an hour's notice; within the hour adds PROCTOR_SHORT_NOTICE_CENTS. */
export const PROCTOR_FEES_CENTS: Record<TestDuration, number> = { 30: 1500, 60: 2300, 120: 2900 };
export const PROCTOR_SHORT_NOTICE_CENTS = 500;

export function isTestDuration(minutes: number): minutes is TestDuration {
  return (TEST_DURATIONS as readonly number[]).includes(minutes);
}

/** The fee of one test, by its duration and the notice given (spec §9: over an hour is cheaper). */
export function testFeeCents(durationMinutes: TestDuration, noticeMinutes: number): number {
  const fees = TEST_FEES_CENTS[durationMinutes];
  return noticeMinutes > 60 ? fees.withNotice : fees.shortNotice;
}

/** Days an assigned test stays takeable before it expires. */
export const ASSIGNED_TEST_VALID_DAYS = 30;

/**
 * Methods that cannot be administered now (started at once by the administrator): live and video
 * tests need an appointment with an interpreter or evaluator (spec: "a certain method kind").
 */
export const NOT_ADMINISTERABLE_NOW: readonly TestMethod[] = ["live", "video"];

/** Methods the proctoring service does not support (spec: "a method code flagged as unsupported"). */
export const PROCTOR_SERVICE_UNSUPPORTED: readonly TestMethod[] = ["live", "video"];

/**
 * What a candidate schedules (candidate spec §2, §4): the appointment of a live or video test (the
 * schedule-test screen), and the proctored sitting of an online or phone test given with the
 * proctoring service (the proctoring reservation screen). An online or phone test without the
 * proctoring service has nothing to book: it is taken any time before it expires.
 */
export const SELF_SCHEDULABLE: readonly TestMethod[] = ["live", "video"];
/** Methods whose proctored sitting the candidate can book, when the proctoring service is used. */
export const SELF_SCHEDULABLE_PROCTORED: readonly TestMethod[] = ["online", "ivr"];

/** Whether a candidate can schedule every one of these tests (the assign form and create_tests use it). */
export function canSelfSchedule(methods: readonly TestMethod[], useProctorService: boolean): boolean {
  if (methods.length === 0) return false;
  return methods.every((m) => SELF_SCHEDULABLE.includes(m)) || (useProctorService && methods.every((m) => SELF_SCHEDULABLE_PROCTORED.includes(m)));
}
