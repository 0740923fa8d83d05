import { ApiCallError } from "../../../api/client";

/** Query keys of the Take a Test screens. */
export const testListKey = ["take-a-test", "list"] as const;
export const chooseAccountKey = (ids: string) => ["take-a-test", "choose-account", ids] as const;
export const liveKey = (aid: string) => ["take-a-test", "live", aid] as const;

/** A 4xx is an answer, not a hiccup: retry only network and server failures, once. */
export const retryOnce = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

/** Not found, or an address the server cannot read: both mean "no such test" to the candidate. */
export const isNotFound = (err: unknown) => err instanceof ApiCallError && (err.status === 404 || err.status === 400);
