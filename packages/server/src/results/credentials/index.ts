/** What other areas use of credentials: issuing on release, the keys at start, the PDF's credential. */
export { issueCredential, ensureCredential, revokeCredential, currentCredential } from "./issue.js";
export { loadKeyRing, rotateKey } from "./keys.js";
