/** What other areas use of evaluator-schedule/: they import it from here only (eslint.config.js, server areas). */
export { bookedTest } from "./booked-test.js";
