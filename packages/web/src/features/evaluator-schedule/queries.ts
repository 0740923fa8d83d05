import { useQuery } from "@tanstack/react-query";
import { evaluatorScheduleRoutes } from "@parlance/contract";
import { ApiCallError, call } from "../../api/client";

/** A 4xx will not get better by asking again. */
const retryServerErrors = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

export function useEvaluatorSchedule() {
  return useQuery({
    queryKey: ["evaluator-schedule"],
    queryFn: ({ signal }) => call(evaluatorScheduleRoutes.schedule, {}, undefined, { signal }),
    retry: retryServerErrors,
  });
}
