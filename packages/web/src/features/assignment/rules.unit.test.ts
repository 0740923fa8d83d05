import { describe, expect, it } from "vitest";
import { decideOptions } from "./rules";

const all = { usesProctorService: true, allowCandidateScheduling: true, liveProctor: true, medicalOption: true, prepay: false };
const none = { usesProctorService: false, allowCandidateScheduling: false, liveProctor: false, medicalOption: false, prepay: false };

describe("the options the assign-tests form offers", () => {
  it("offers nothing before a test is chosen", () => {
    expect(decideOptions({ account: all, methods: [], count: 0, hasEmail: true })).toEqual({ administerNow: false, liveProctor: false, proctorService: false, selfSchedule: false });
  });

  it("offers everything for online tests of an account with every flag", () => {
    expect(decideOptions({ account: all, methods: ["online", "ivr"], count: 2, hasEmail: true })).toEqual({ administerNow: true, liveProctor: true, proctorService: true, selfSchedule: true });
  });

  it("live and video tests cannot be administered now nor use the proctoring service", () => {
    expect(decideOptions({ account: all, methods: ["online", "live"], count: 2, hasEmail: true })).toMatchObject({ administerNow: false, proctorService: false, selfSchedule: true });
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
