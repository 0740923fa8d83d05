import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { proctoredTestMessages, proctoringTestRoutes } from "@parlance/contract";
import { ApiCallError, call } from "../../../api/client";

/** Server messages by their i18n prefix, for useApiErrorText. */
export const proctoredTestCatalogs = { "proctoredTests.messages": proctoredTestMessages };

/** A 4xx will not get better by asking again. */
const retryServerErrors = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

/** The proctor's proctored online tests, a page at a time (the old page stays up while the next loads). */
export function useProctoredTests(page: number) {
  return useQuery({
    queryKey: ["proctored-tests", page],
    queryFn: ({ signal }) => call(proctoringTestRoutes.list, { page }, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

/** One of them, with what the server holds of its attempt (read again after an upload: useDeliverFile invalidates every query). */
export function useProctoredTest(id: number) {
  return useQuery({
    queryKey: ["proctored-test", id],
    queryFn: ({ signal }) => call(proctoringTestRoutes.get, {}, { id }, { signal }),
    retry: retryServerErrors,
  });
}
