/** What other areas use of admin/: they import it from here only (eslint.config.js, server areas). */
export { isFeatureEnabled } from "./feature-flags.js";
export { impersonatorOf } from "./impersonation.js";
