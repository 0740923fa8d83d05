import { describe, expect, it } from "vitest";
import type { TestShowView } from "@parlance/contract";
import { canStart, initialStage, needsCapabilityCheck, preludeVariant, proctorPending } from "./stages";

const show = (over: Partial<TestShowView> = {}): TestShowView => ({
  accessCode: "AB12-CD34",
  allowWebIVR: false,
  assignedTestId: 7,
  callCandidate: false,
  date: null,
  description: "English Reading Proficiency",
  expireLength: 30,
  ivrLanguageOverride: null,
  ivrLocalNumberTwilio: null,
  ivrTollFreeNumber: null,
  proctorSignatureNeeded: false,
  showAppleConsent: false,
  sightTranslation: false,
  testMethod: "online",
  timeLimit: 3_600_000,
  expiresAt: "2026-12-31T00:00:00Z",
  proctored: false,
  proctorPasswordNeeded: false,
  honorStatement: "short",
  phoneContinued: false,
  phoneCallActive: false,
  phonePartPending: false,
  groupKey: null,
  attemptState: "not_started",
  sectionCount: 2,
  language: "English",
  languageCode: "en",
  ...over,
});

describe("the stages of the test page", () => {
  it("begins an online test with the capability check", () => {
    expect(initialStage(show())).toBe("capability");
  });
  it("resumes a started attempt straight into the test", () => {
    expect(initialStage(show({ attemptState: "in_progress" }))).toBe("inProgress");
  });
  it("shows a submitted test as finished", () => {
    expect(initialStage(show({ attemptState: "received" }))).toBe("finished");
  });
  it("skips the browser check for paper, phone and live tests, not for video", () => {
    expect(initialStage(show({ testMethod: "paper", sectionCount: 0 }))).toBe("prelude");
    expect(initialStage(show({ testMethod: "ivr", sectionCount: 0 }))).toBe("prelude");
    expect(initialStage(show({ testMethod: "live", sectionCount: 0 }))).toBe("prelude");
    expect(needsCapabilityCheck(show({ testMethod: "video", sectionCount: 0 }))).toBe(true);
  });
  it("checks the browser of a phone test that begins online", () => {
    expect(needsCapabilityCheck(show({ testMethod: "ivr", phoneContinued: true }))).toBe(true);
  });
});

describe("the prelude", () => {
  it("has one variant per method and phone plus online", () => {
    expect(preludeVariant(show())).toBe("online");
    expect(preludeVariant(show({ testMethod: "paper" }))).toBe("paper");
    expect(preludeVariant(show({ testMethod: "ivr", phoneContinued: true }))).toBe("phoneOnline");
  });
  it("enables Start only once the honor statement is ticked", () => {
    expect(canStart(show(), false)).toBe(false);
    expect(canStart(show(), true)).toBe(true);
  });
  it("keeps Start disabled while a proctor step is pending", () => {
    expect(proctorPending(show({ proctorPasswordNeeded: true }))).toBe(true);
    expect(canStart(show({ proctorPasswordNeeded: true }), true)).toBe(false);
    expect(canStart(show({ proctorSignatureNeeded: true }), true)).toBe(false);
  });
  it("starts a test that continues by phone once its call is asked for, or already on the line", () => {
    const phoneOnline = show({ phoneContinued: true, sectionCount: 1 });
    expect(canStart(phoneOnline, true)).toBe(false);
    expect(canStart(phoneOnline, true, true)).toBe(true);
    expect(canStart({ ...phoneOnline, phoneCallActive: true }, true)).toBe(true);
    expect(canStart(phoneOnline, false, true)).toBe(false);
  });
  it("shows the Thank You of a test whose online part is in and whose phone part is pending", () => {
    expect(initialStage(show({ phoneContinued: true, phonePartPending: true, attemptState: "received" }))).toBe("finished");
  });
  it("offers no Start for a test without online content", () => {
    expect(canStart(show({ testMethod: "paper", sectionCount: 0 }), true)).toBe(false);
    expect(canStart(show({ sectionCount: 0 }), true)).toBe(false);
  });
});
