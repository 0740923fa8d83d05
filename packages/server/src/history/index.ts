/** What other areas use of history/: they import it from here only (eslint.config.js, server areas). */
export { cancellationCutoff, cancelWindow, isDeletable, iso, statusColumns, statusOf, type StatusRow, testDateOf } from "./records.js";
export { localisedStatus } from "./summary.js";
