/** The bulk upload's screen paths (client spec §2 Bulk upload). */
export const UPLOAD_PATH = "/testing/candidates/upload";
export const CHANGES_PATH = "/testing/candidates/changes";
export const PREVIEW_PATH = "/testing/candidates/preview";
export const CONFIRM_PATH = "/testing/candidates/confirm";
export const CANDIDATES_LIST = "/testing/candidates";
