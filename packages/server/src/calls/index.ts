/** What other areas use of calls/: they import it from here only (eslint.config.js, server areas). */
export { spokenResponseItems } from "./ivr/store.js";
export { hasActivePhoneCall } from "./phone/records.js";
