import { ApiCallError } from "../../../api/client";

/** A 4xx will not get better by asking again. */
export const retryServerErrors = (failures: number, err: Error) =>
  !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

/** The API answers 404 for a missing record and for one outside the caller's reach alike. */
export const isNotFound = (err: unknown) => err instanceof ApiCallError && err.status === 404;
