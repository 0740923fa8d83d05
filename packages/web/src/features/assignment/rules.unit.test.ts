import { describe, expect, it } from "vitest";
import { decideOptions } from "./rules";

const all = { usesProctorService: true, allowCandidateScheduling: true, liveProctor: true, medicalOption: true, prepay: false };
const none = { usesProctorService: false, allowCandidateScheduling: false, liveProctor: false, medicalOption: false, prepay: false };

describe("the options the assign-tests form offers", () => {
  it("offers nothing before a test is chosen", () => {
    expect(decideOptions({ account: all, methods: [], count: 0, hasEmail: true })).toEqual({ administerNow: false, liveProctor: false, proctorService: false, selfSchedule: false });
  });

  it("offers everything for online tests of an account with every flag once the proctoring service is chosen", () => {
    expect(decideOptions({ account: all, methods: ["online", "ivr"], count: 2, hasEmail: true, proctorServiceChosen: true })).toEqual({
      administerNow: true,
      liveProctor: true,
      proctorService: true,
      selfSchedule: true,
    });
  });

  it("online and phone tests without the proctoring service have nothing for the candidate to schedule", () => {
    expect(decideOptions({ account: all, methods: ["online", "ivr"], count: 2, hasEmail: true })).toMatchObject({ proctorService: true, selfSchedule: false });
    // Ticked but not offered (the account does not use it) does not count.
    expect(decideOptions({ account: { ...all, usesProctorService: false }, methods: ["online"], count: 1, hasEmail: true, proctorServiceChosen: true }).selfSchedule).toBe(false);
  });

  it("live and video tests cannot be administered now nor use the proctoring service; the candidate books their appointment", () => {
    expect(decideOptions({ account: all, methods: ["video", "live"], count: 2, hasEmail: true })).toMatchObject({ administerNow: false, proctorService: false, selfSchedule: true });
    // A live test with an online one: the online one has nothing to book.
    expect(decideOptions({ account: all, methods: ["online", "live"], count: 2, hasEmail: true, proctorServiceChosen: true })).toMatchObject({ proctorService: false, selfSchedule: false });
  });

  it("paper tests cannot be scheduled by the candidate", () => {
    expect(decideOptions({ account: all, methods: ["paper"], count: 1, hasEmail: true }).selfSchedule).toBe(false);
  });

  it("account flags decide live proctor, proctoring service and self-scheduling", () => {
    expect(decideOptions({ account: none, methods: ["online"], count: 1, hasEmail: true })).toEqual({ administerNow: true, liveProctor: false, proctorService: false, selfSchedule: false });
  });

  it("self-scheduling needs a candidate who can be notified", () => {
    expect(decideOptions({ account: all, methods: ["online"], count: 1, hasEmail: false }).selfSchedule).toBe(false);
  });
});
