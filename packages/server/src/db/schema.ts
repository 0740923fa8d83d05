/**
 * The database schema, one file an area under db/schema/. drizzle-kit reads this file
 * (drizzle.config.ts) and generates db/migrations/ from everything it exports.
 */
export * from "./schema/core.js";
export * from "./schema/auth.js";
export * from "./schema/audit.js";
export * from "./schema/mail.js";
export * from "./schema/catalogue.js";
export * from "./schema/healthcare.js";
export * from "./schema/settings.js";
export * from "./schema/candidates.js";
export * from "./schema/tracks.js";
export * from "./schema/assignment.js";
export * from "./schema/attempts.js";
export * from "./schema/taking.js";
export * from "./schema/results.js";
export * from "./schema/availability.js";
export * from "./schema/proctoring.js";
export * from "./schema/payments.js";
export * from "./schema/paper-packages.js";
export * from "./schema/upload.js";
export * from "./schema/evaluator-schedule.js";
export * from "./schema/news.js";
export * from "./schema/video.js";
export * from "./schema/admin.js";
export * from "./schema/sso.js";
export * from "./schema/phone-calls.js";
export * from "./schema/ivr.js";
export * from "./schema/interpretation.js";
export * from "./schema/contact.js";
export * from "./schema/result-log.js";
export * from "./schema/credentials.js";
export * from "./schema/qti.js";
