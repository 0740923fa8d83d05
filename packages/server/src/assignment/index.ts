/** What other areas use of assignment/: they import it from here only (eslint.config.js, server areas). */
export { checkOptions, type Planned } from "./create.js";
export { assignmentMail, languageOfId } from "./mail.js";
export { accountOf, type AccountTestRow, activeAccountTests, availableGroups, DAY_MS } from "./records.js";
