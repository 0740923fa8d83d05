/** What other areas use of sso/: they import it from here only (eslint.config.js, server areas). */
export { allSsoDomains } from "./service.js";
