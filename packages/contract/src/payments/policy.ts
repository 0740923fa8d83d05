/**
 * The candidate testing policy (client-administration.md §9), word for word in its numbers; the
 * policy pages (both variants), the prepay terms and the payment pages read them from here.
 */
export const CANDIDATE_TESTING_POLICY = {
  /** A paid test is scheduled within 30 days of payment. */
  scheduleWithinDaysOfPayment: 30,
  /** A refund is asked for within 60 days. */
  refundWithinDays: 60,
  /** A candidate up to 5 minutes late still takes the test. */
  lateGraceMinutes: 5,
  /** A result is disputed within 5 business days. */
  disputeWithinBusinessDays: 5,
  /** One sample test: a retake waits 6 months. */
  sampleTestRetakeWaitMonths: 6,
  /** Same-day cancellations are not reimbursed. */
  sameDayCancellationsReimbursed: false,
} as const;

/**
 * The proctoring cancellation cut-off, in its two readings (spec §9): the candidate testing
 * policy's 5 pm ET the (calendar) day before the test, and the payment policy page's 6 pm ET the
 * business day before. Before the cut-off fees are waived; after it a candidate's cancellation is charged.
 */
export const CANCELLATION_CUTOFFS = {
  policy: { hour: 17, dayBefore: "calendar" },
  payment: { hour: 18, dayBefore: "business" },
} as const;
export type PolicyVariant = keyof typeof CANCELLATION_CUTOFFS;
export const POLICY_VARIANTS = Object.keys(CANCELLATION_CUTOFFS) as PolicyVariant[];

/** The time zone of every cut-off: Eastern Time. */
export const POLICY_TIME_ZONE = "America/New_York";

/**
 * The provider's support telephone numbers, shown as {phone} in page text (spec §9). Fictional
 * 555-01xx numbers: a deployment sets its own here.
 */
export const SUPPORT_PHONES = {
  testing: "1-800-555-0142",
  translation: "1-800-555-0155",
  training: "1-800-555-0168",
} as const;

/** Where the two policy pages live (not named by the spec; docs/api.md). */
export const POLICY_PATHS: Record<PolicyVariant, string> = {
  policy: "/testing/policy",
  payment: "/testing/payment/policy",
};
