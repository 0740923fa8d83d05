/** What other areas use of taking/: they import it from here only (eslint.config.js, server areas). */
export { entryHref } from "./list/classify.js";
export { type PaperLabels, paperTestPdf, writePaperTest } from "./paper/document.js";
export { shedCounts } from "./save-shedding.js";
