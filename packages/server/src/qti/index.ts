/**
 * QTI 3 (issue 29): import of packages, the candidate view of a QTI item, response processing at
 * submit, and export. Other areas import from here only; the code below uses infrastructure only.
 */
export { type QtiItem, candidateView } from "./view.js";
export { type PackageReport, type PackageTarget, readPackage } from "./package.js";
export { exportPackage } from "./export.js";
export { processResponse } from "./score.js";
export { cutScoresOf, levelFor, machineScoresOf, machineScoring, scoreQtiAttempt } from "./store.js";
export { QtiXmlError } from "./xml.js";
