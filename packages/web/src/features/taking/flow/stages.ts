import { resumesInProgress, type RouteOutput, type takingRoutes, type TestShowView } from "@parlance/contract";
import type { ReceiptCheck } from "../answers";

/** What a submitted test answers, with this browser's own check of the receipt (receiptCheck.ts): the thank-you screen shows both. */
export type Receipt = RouteOutput<typeof takingRoutes.submit> & { check?: ReceiptCheck };

/**
 * The stages of /testing/tests/{id} (spec §2, §4): capability verification, then the prelude,
 * then the test in progress (after the start dialog), then finished. A failed load is the error stage.
 */
export type Stage = "capability" | "prelude" | "inProgress" | "finished";

/** Prelude variants: one per method, and phone plus online for a test that continues by phone. */
export type PreludeVariant = TestShowView["testMethod"] | "phoneOnline";

export function preludeVariant(show: TestShowView): PreludeVariant {
  return show.phoneContinued ? "phoneOnline" : show.testMethod;
}

/** Whether the candidate takes (part of) this test in the browser: then it is started here. */
export const takenOnline = (show: TestShowView) => (show.testMethod === "online" || show.phoneContinued) && show.sectionCount > 0;

/**
 * The audio and text check matters where the browser plays and shows the test: online, phone plus
 * online, and video tests. A paper, phone or live test is not taken on this computer.
 */
export const needsCapabilityCheck = (show: TestShowView) => takenOnline(show) || show.testMethod === "video";

/** A proctor step (exam password, agreement) still stands between the candidate and the start. */
export const proctorPending = (show: TestShowView) => show.proctorPasswordNeeded || show.proctorSignatureNeeded;

/** Where the page opens: a started attempt resumes at once, a submitted one shows that it is done. */
export function initialStage(show: TestShowView): Stage {
  // A phone test's attempt is in progress during its call: its page stays the prelude (the call is elsewhere).
  if (resumesInProgress(show)) return "inProgress";
  if (show.attemptState === "received") return "finished";
  return needsCapabilityCheck(show) ? "capability" : "prelude";
}

/**
 * A test that continues by phone needs its call before the online part starts (the candidate must
 * be on the line when it ends): asked for on this prelude, or already ringing or in progress.
 */
export const needsCall = (show: TestShowView, callRequested: boolean) => show.phoneContinued && !show.phoneCallActive && !callRequested;

/** The Start button is enabled once the honor statement is ticked, no proctor step is pending and, for phone plus online, the call is asked for. */
export function canStart(show: TestShowView, honorTicked: boolean, callRequested = false): boolean {
  return takenOnline(show) && honorTicked && !proctorPending(show) && !needsCall(show, callRequested);
}
