import { z } from "zod";
import { defineRoute } from "../route.js";

/**
 * Proctored tests (candidate spec §2 "Proctored screens", "Proctor agreement screen", §5, §8):
 * the exam password a proctor enters at the candidate's desk, and the proctor's agreement.
 */

/** Spec §5/§9: the proctor password is at most 15 characters. */
export const PROCTOR_PASSWORD_MAX = 15;
/** The typed full name of the proctor. */
export const PROCTOR_NAME_MAX = 100;
/** Wrong exam passwords allowed per assigned test in a window, before 429. */
export const PROCTOR_PASSWORD_ATTEMPTS = 10;
export const PROCTOR_PASSWORD_WINDOW_MINUTES = 15;

/** What these routes and screens say, word for word (the spec's where it gives them). */
export const proctorMessages = {
  passwordIncorrect: "The password was incorrect",
  otherFailure: "An error occurred. Please try again.",
  passwordRequired: "Please enter the exam password.",
  passwordTooLong: `The exam password is at most ${PROCTOR_PASSWORD_MAX} characters.`,
  mustAgree: "You must agree to the statement.",
  alreadySigned: "The proctor agreement for this test has already been submitted.",
  notProctored: "This test is not proctored.",
  noExamPassword: "This test does not use an exam password.",
  alreadyAuthorized: "The proctor has already authorised this test.",
  wrongGroup: "The group key does not belong to this test.",
} as const;

const intId = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === "number" ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

const badId = "The test id must be a positive whole number.";

export const authorizeInput = z.object({
  /** The assigned test id. */
  id: intId(badId),
  password: z
    .string({ error: proctorMessages.passwordRequired })
    .max(PROCTOR_PASSWORD_MAX, proctorMessages.passwordTooLong)
    .refine((p) => p.trim() !== "", proctorMessages.passwordRequired),
});

export const agreementInput = z.object({
  group_key: z.string({ error: proctorMessages.wrongGroup }).min(1, proctorMessages.wrongGroup).max(64, proctorMessages.wrongGroup),
  assigned_test_id: intId(badId),
  // A name and the tick are both required; the spec gives one message for either missing.
  proctor_name: z
    .string({ error: proctorMessages.mustAgree })
    .trim()
    .min(1, proctorMessages.mustAgree)
    .max(PROCTOR_NAME_MAX, `The proctor's name is at most ${PROCTOR_NAME_MAX} characters.`),
  agree: z.literal(true, { error: proctorMessages.mustAgree }),
});

export const proctoringRoutes = {
  authorize: defineRoute({
    method: "POST",
    path: "/api/proctorservice/authorize",
    input: authorizeInput,
    output: z.object({ success: z.boolean() }),
    access: "tests",
    failure: "proctorPasswordFailure",
    summary: "The proctor enters the exam password at the candidate's desk; 422 'The password was incorrect'; 10 wrong in 15 minutes per test answer 429",
  }),
  agreement: defineRoute({
    method: "POST",
    path: "/api/test_content/submit_proctor_agreement",
    input: agreementInput,
    output: z.object({ success: z.boolean(), signed_at: z.string() }),
    access: "tests",
    failure: "generic",
    summary: "The proctor's signed agreement, once per group (battery or test); a second one answers 409",
  }),
} as const;
