import { describe, expect, it } from "vitest";
import { testStatusOf, type TestStatusFacts } from "./display-status.js";
import { canSelfSchedule } from "../catalogue/catalogue.js";

const now = new Date("2027-03-10T15:00:00Z");
const open: TestStatusFacts = {
  assignedState: "takeable",
  complimentary: false,
  feesWaived: false,
  scheduledAt: null,
  expiresAt: "2027-04-01T00:00:00Z",
  cancellation: null,
  cancellationResult: null,
  attemptState: null,
  receivedAt: null,
  resultState: null,
  resultValue: null,
  resultReason: null,
};

describe("the display status of a test not started (issue 23)", () => {
  it("a live or video test without an appointment requires scheduling, whoever books it", () => {
    expect(testStatusOf({ ...open, method: "live" }, now).status).toBe("requires_scheduling");
    expect(testStatusOf({ ...open, method: "video" }, now).status).toBe("requires_scheduling");
  });

  it("with an appointment it is scheduled; other methods are takeable without one", () => {
    expect(testStatusOf({ ...open, method: "live", scheduledAt: "2027-03-12T14:00:00Z" }, now).status).toBe("scheduled");
    for (const method of ["online", "ivr", "paper"]) expect(testStatusOf({ ...open, method }, now).status).toBe("assigned");
  });

  it("payment and expiry still come first", () => {
    expect(testStatusOf({ ...open, method: "live", assignedState: "needs_payment" }, now).status).toBe("requires_payment");
    expect(testStatusOf({ ...open, method: "live", expiresAt: "2027-03-01T00:00:00Z" }, now).status).toBe("expired_before_start");
  });
});

describe("what a candidate can schedule", () => {
  it("live and video appointments; online and phone tests only as a proctored sitting; never paper", () => {
    expect(canSelfSchedule(["live", "video"], false)).toBe(true);
    expect(canSelfSchedule(["online"], false)).toBe(false);
    expect(canSelfSchedule(["ivr"], false)).toBe(false);
    expect(canSelfSchedule(["online", "ivr"], true)).toBe(true);
    expect(canSelfSchedule(["online", "live"], true)).toBe(false);
    expect(canSelfSchedule(["paper"], true)).toBe(false);
    expect(canSelfSchedule([], true)).toBe(false);
  });
});
