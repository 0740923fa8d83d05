import { ApiCallError } from "../../api/client";

/** A 4xx will not get better by asking again (the back office's accounts and staff queries). */
export const retryServerErrors = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;
