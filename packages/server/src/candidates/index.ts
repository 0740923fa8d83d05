/** What other areas use of candidates/: they import it from here only (eslint.config.js, server areas). */
export { createAccessCode, ensureCandidateUser, isCandidateOnly, newAccessCode, staffEmailConflict } from "./candidate-user.js";
export { formContext } from "./form-service.js";
export { getCandidate } from "./service.js";
