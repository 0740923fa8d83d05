/** What other areas use of startup/: they import it from here only (eslint.config.js, server areas). */
export { buildStartup } from "./service.js";
export { pageSender } from "./page.js";
