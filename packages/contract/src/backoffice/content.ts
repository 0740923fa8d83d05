import { z } from "zod";
import { defineRoute } from "../route.js";
import { TEST_TYPES } from "../catalogue/catalogue.js";
import { pageNumber } from "../settings/fields.js";
import { catalogueTestId } from "./catalogue.js";

/**
 * The provider's back office, test content (issue 17 point 2): a test's content versions
 * (test_content_versions), and a content file (content/format.ts) uploaded with its media files,
 * checked by the content importer (packages/server/src/content/import.ts) and published as the
 * test's new version. Attempts already started keep the version they started with; new attempts
 * take the newest. Administrators and Testing Executives (permission backOffice); publishing is audited.
 *
 * Both upload routes read a multipart body: one part `content` (the .json file) and any number of
 * parts `media` (its image, audio and video files, matched to the content's `src` paths by file
 * name). A `src` path without an uploaded file keeps the current version's file of that path.
 */

/** The content file (.json) must be under this; media files are checked by the importer (under 2 MB). */
export const CONTENT_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** The content file and its media files in one upload. */
export const CONTENT_UPLOAD_MAX_FILES = 40;

/** Our own messages of the content screens; the server sends each with the i18n key `boContent.messages.<name>`. */
export const backofficeContentMessages = {
  published: "The new version of the content has been published.",
  unchanged: "The file is the same as the current version: nothing new to publish.",
  ready: "The file has no problems and can be published.",
  refused: "The content file has problems; nothing was published.",
  noContentKey: "Give the test a content key before uploading its content.",
  noFile: "Choose the content file (.json) to upload.",
  twoContentFiles: "Upload one content file (.json) at a time, with its media files.",
  notJson: "The content file must be a .json file or a QTI 3 package (.zip).",
  tooLarge: "A file is too large: the content file must be under 4 MB (a QTI package under 20 MB) and each media file under 2 MB.",
  tooManyFiles: `At most ${CONTENT_UPLOAD_MAX_FILES} files can be uploaded at once.`,
  keyMismatch: "This file is the content of '{{fileKey}}', but this test's content key is '{{testKey}}'.",
  duplicateMedia: "Two media files are named '{{name}}'.",
  unusedMedia: "{{name}} is not used by the content, so it is not stored.",
  keptMedia: "{{path}} was not uploaded: the current version's file is kept.",
  retired: "The test is retired: no account can assign it until it is made active again.",
  typeDiffers: "The current content is of another type than the test: publish content that agrees with it.",
  timeLimitDiffers: "The current content's time limit differs from the test's: publish content that agrees with it.",
} as const;
export type BackofficeContentMessage = keyof typeof backofficeContentMessages;

/** One message about an uploaded file: the importer's (English, as it writes them) or ours (with a key to translate). */
export const contentFileMessage = z.object({
  level: z.enum(["error", "warning"]),
  message: z.string(),
  messageKey: z.string().optional(),
  messageValues: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ContentFileMessage = z.infer<typeof contentFileMessage>;

/** What a checked file holds. */
export const contentSummary = z.object({
  key: z.string(),
  description: z.string(),
  test_type: z.enum(TEST_TYPES),
  time_limit_minutes: z.number().int().nullable(),
  sections: z.number().int(),
  /** Items the candidate answers. */
  questions: z.number().int(),
  media: z.number().int(),
  /** A QTI package: "qti"; a content file: "json" (absent on older reports). */
  format: z.enum(["json", "qti"]).optional(),
  /** A QTI package: its interactions counted by kind (interactions.ts INTERACTION_KINDS). */
  interactions: z.record(z.string(), z.number().int()).optional(),
});
export type ContentSummary = z.infer<typeof contentSummary>;

export const contentReport = z.object({
  /** The uploaded content file's name. */
  file: z.string(),
  /** No errors: the file can be published. */
  ok: z.boolean(),
  /** The same content and media as the current version (publishing adds nothing). */
  unchanged: z.boolean(),
  messages: z.array(contentFileMessage),
  /** Null when the file could not be read as content. */
  summary: contentSummary.nullable(),
});
export type ContentReport = z.infer<typeof contentReport>;

export const contentVersionRow = z.object({
  id: z.number().int(),
  /** 1 for the test's first version. */
  number: z.number().int(),
  imported_at: z.string(),
  /** The first 12 hex digits of the content's SHA-256. */
  hash: z.string(),
  description: z.string(),
  sections: z.number().int(),
  questions: z.number().int(),
  media: z.number().int(),
  /** Attempts that started on this version (they keep it), and of them those still in progress. */
  attempts: z.number().int(),
  in_progress: z.number().int(),
  /** The newest version: what new attempts start on. */
  is_current: z.boolean(),
});
export type ContentVersionRow = z.infer<typeof contentVersionRow>;

export const contentVersionsOutput = z.object({
  content_key: z.string().nullable(),
  versions: z.array(contentVersionRow),
  itemCount: z.number().int(),
  pageCount: z.number().int(),
  /** Where the current content and the test disagree (type, time limit), or the test is retired. */
  warnings: z.array(contentFileMessage),
});
export type ContentVersions = z.infer<typeof contentVersionsOutput>;

export const backofficeContentRoutes = {
  versions: defineRoute({
    method: "GET",
    path: "/api/backoffice/tests/:id/content",
    params: z.object({ id: catalogueTestId }),
    input: z.object({ page: pageNumber }),
    output: contentVersionsOutput,
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "A test's content versions, newest (current) first, 20 a page, with the attempts that keep each",
  }),
  check: defineRoute({
    method: "POST",
    path: "/api/backoffice/tests/:id/content/check",
    params: z.object({ id: catalogueTestId }),
    input: z.object({}),
    output: contentReport,
    access: "backOffice",
    failure: "generic",
    summary: "Checks an uploaded content file and its media (multipart: content, media…) with the importer; stores nothing",
  }),
  publish: defineRoute({
    method: "POST",
    path: "/api/backoffice/tests/:id/content/publish",
    params: z.object({ id: catalogueTestId }),
    input: z.object({}),
    output: contentReport.extend({
      success: z.boolean(),
      message: z.string(),
      /** The version new attempts now start on (the current one when the file was unchanged). */
      version: z.object({ id: z.number().int(), number: z.number().int() }),
    }),
    access: "backOffice",
    failure: "genericSaveFailure",
    summary: "Checks an uploaded content file (multipart, as check) and publishes it as the test's new version (audited); a refused file: 400 and nothing stored",
  }),
} as const;
