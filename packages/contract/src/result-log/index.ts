/** The result log (docs/verification.md "The result log"): RFC 9162 tree, entries, signed checkpoints, routes. */
export * from "./sha256.js";
export * from "./merkle.js";
export * from "./entry.js";
export * from "./note.js";
export * from "./routes.js";
export * from "./check.js";
export * from "./credential-log.js";
