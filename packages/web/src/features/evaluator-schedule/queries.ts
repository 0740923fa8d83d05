import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { evaluatorActionMessages, evaluatorScheduleRoutes } from "@parlance/contract";
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

// Confirm, decline and administer (evaluators-results-account.md §7).
/** Server messages by their i18n prefix, for useApiErrorText. */
export const actionCatalogs = { "evaluatorActions.messages": evaluatorActionMessages };

export function useScheduledTest(id: number) {
  return useQuery({
    queryKey: ["evaluator-scheduled-test", id],
    queryFn: ({ signal }) => call(evaluatorScheduleRoutes.scheduledTest, {}, { id }, { signal }),
    retry: retryServerErrors,
  });
}

export function useAdministerView(id: number) {
  return useQuery({
    queryKey: ["evaluator-administer", id],
    queryFn: ({ signal }) => call(evaluatorScheduleRoutes.administer, {}, { id }, { signal }),
    retry: retryServerErrors,
  });
}

export function useDeclineTimes(candidateTestId: number, date: string | null) {
  return useQuery({
    queryKey: ["evaluator-decline-times", candidateTestId, date],
    enabled: date !== null,
    queryFn: ({ signal }) => call(evaluatorScheduleRoutes.availableTimes, { candidateTestId, date: date! }, undefined, { signal }),
    retry: retryServerErrors,
  });
}

/** After any action the test's page and the schedule are read again. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ["evaluator-schedule"] });
    void client.invalidateQueries({ queryKey: ["evaluator-scheduled-test"] });
    void client.invalidateQueries({ queryKey: ["evaluator-administer"] });
  };
}

export function useConfirmTest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (candidateTestId: number) => call(evaluatorScheduleRoutes.confirm, { candidateTestId, status: "confirmed" }),
    onSuccess: refresh,
  });
}

export function useOtherEvaluators() {
  return useMutation({ mutationFn: (candidateTestId: number) => call(evaluatorScheduleRoutes.otherEvaluatorsAvailable, { candidateTestId }) });
}

export function useDeclineTest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { candidateTestId: number; date?: string; startTime?: string }) => call(evaluatorScheduleRoutes.decline, input),
    onSuccess: refresh,
  });
}

export function useSubmitObjectiveScores(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (scores: Record<string, string>) =>
      call(
        evaluatorScheduleRoutes.submitObjectiveScores,
        { item_objectives: Object.entries(scores).map(([candidate_test_item_id, test_objective_state_id]) => ({ candidate_test_item_id, test_objective_state_id })) },
        { id },
      ),
    onSuccess: refresh,
  });
}
