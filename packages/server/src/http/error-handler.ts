import type { FastifyError, FastifyInstance } from "fastify";
import { HttpError } from "./errors.js";
import { ValidationError } from "./validation.js";
import { pgCode } from "../db/pg-code.js";

/** deadlock_detected, serialization_failure, lock_not_available: the transaction was rolled back whole. */
const CONFLICTS = new Set(["40P01", "40001", "55P03"]);

/** Every failure answers `{message, messageKey?, issues?}`; a server fault never leaks its details. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    if (error instanceof ValidationError) {
      return reply.status(400).send({ message: error.message, messageKey: error.messageKey, messageValues: error.messageValues, issues: error.issues });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, messageKey: error.messageKey, messageValues: error.messageValues });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type, rate limit.
      const message =
        (error as FastifyError).code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
          ? "The request body is not valid JSON."
          : error.message;
      return reply.status(status).send({ message });
    }
    if (CONFLICTS.has(pgCode(error) ?? "")) {
      // Two transactions met (a deadlock, a serialization failure) and PostgreSQL rolled this one
      // back: a moment's conflict, not a fault. What the request committed before it stays; asked
      // again, the route's own rules answer for that (a result already released says so).
      req.log.warn({ err: error }, "transaction conflict");
      return reply.status(503).header("retry-after", "1").send({ message: "The server was busy with another change. Please try again.", messageKey: "errors.conflict" });
    }
    if (pgCode(error) === "57014") {
      // A statement ran past the statement timeout (db/client.ts): the database was not held.
      req.log.warn({ err: error }, "statement timeout");
      return reply.status(503).send({ message: "The server took too long to answer. Please try again.", messageKey: "errors.timeout" });
    }
    req.log.error({ err: error }, "request failed");
    return reply.status(500).send({ message: "An error occurred.", messageKey: "errors.generic" });
  });
}
