/** The result log in the browser: the verified-result page's log inclusion panel and the log source the credential check uses. */
export { LogInclusionPanel } from "./LogInclusionPanel";
export { browserLogSource } from "./logSource";
