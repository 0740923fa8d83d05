/** What other areas use of availability/: they import it from here only (eslint.config.js, server areas). */
export { availabilityResources } from "./resources.js";
