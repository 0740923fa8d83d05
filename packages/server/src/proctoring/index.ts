/** What other areas use of proctoring/: they import it from here only (eslint.config.js, server areas). */
export { ensureExamPassword } from "./exam-password.js";
export { proctorSteps, proctorStepsLeft } from "./steps.js";
