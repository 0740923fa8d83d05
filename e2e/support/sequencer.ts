import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Roughly how long each browser test file takes (seconds of one worker, measured with vitest's
 * JSON reporter on a busy 2-core machine: only the order matters). The two workers take files
 * from one queue, so the longest go first and the short ones fill in at the end: both workers
 * then finish close together, instead of one running a 3-minute file alone while the other
 * waits. A file not listed runs first (it may be long); add it here once measured.
 */
const SECONDS: Record<string, number> = {
  "reachability.e2e.test.ts": 294,
  "web-ivr.e2e.test.ts": 186,
  "taking-resilience.e2e.test.ts": 159,
  "production-start.e2e.test.ts": 100,
  "delivery-file-browsers.e2e.test.ts": 75,
  "deployment.e2e.test.ts": 97,
  "deployment-tls.e2e.test.ts": 40,
  "sso.e2e.test.ts": 95,
  "admin.e2e.test.ts": 86,
  "auth.e2e.test.ts": 84,
  "languages.e2e.test.ts": 78,
  "news-overview.e2e.test.ts": 78,
  "phone.e2e.test.ts": 67,
  "payments.e2e.test.ts": 61,
  "server-lifecycle.e2e.test.ts": 60,
  "settings-lists.e2e.test.ts": 56,
  "proctoring-reservation.e2e.test.ts": 55,
  "billing.e2e.test.ts": 48,
  "healthcare.e2e.test.ts": 48,
  "results-loop.e2e.test.ts": 43,
  "account-help.e2e.test.ts": 43,
  "evaluator-schedule.e2e.test.ts": 42,
  "availability.e2e.test.ts": 40,
  "paper.e2e.test.ts": 40,
  "assignment.e2e.test.ts": 38,
  "results-verify.e2e.test.ts": 36,
  "scheduling.e2e.test.ts": 36,
  "phone-continued.e2e.test.ts": 34,
  "upload.e2e.test.ts": 32,
  "backoffice-catalogue.e2e.test.ts": 31,
  "offices.e2e.test.ts": 30,
  "candidates.e2e.test.ts": 29,
  "delivery-file.e2e.test.ts": 29,
  "backoffice-accounts.e2e.test.ts": 28,
  "self-scheduling.e2e.test.ts": 27,
  "history.e2e.test.ts": 26,
  "take-a-test.e2e.test.ts": 26,
  "taking-prelude.e2e.test.ts": 26,
  "interpretation-contact.e2e.test.ts": 25,
  "taking-flow.e2e.test.ts": 22,
  "qti-interactions.e2e.test.ts": 14,
  "accessibility-check.e2e.test.ts": 7,
};

/** vitest's own order (projects one after another), with the browser test files longest first. */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (f: TestSpecification) => (f.project.name === "e2e" ? (SECONDS[path.basename(f.moduleId)] ?? Infinity) : null);
    const at = new Map(sorted.map((f, i) => [f, i]));
    return [...sorted].sort((a, b) => {
      const sa = seconds(a);
      const sb = seconds(b);
      if (sa === null || sb === null || sa === sb) return at.get(a)! - at.get(b)!;
      return sb - sa;
    });
  }
}
