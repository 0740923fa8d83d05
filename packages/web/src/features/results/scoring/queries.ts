import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { scoringMessages, scoringRoutes, type SubmitResultsInput } from "@parlance/contract";
import { ApiCallError, call } from "../../../api/client";

/** Query keys of the scoring screens. */
export const scoringKeys = {
  tests: (evaluatorId: number) => ["scoreable-tests", evaluatorId] as const,
  content: (id: number) => ["scoreable-content", id] as const,
};

/** Server messages of this area, so a message without a key is still translated. */
export const scoringCatalogs = { "scoring.messages": scoringMessages };

/** A 4xx will not get better by asking again. */
const retryServerErrors = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

export function useScoreableTests(evaluatorId: number) {
  return useQuery({
    queryKey: scoringKeys.tests(evaluatorId),
    queryFn: ({ signal }) => call(scoringRoutes.scoreableTests, {}, { id: evaluatorId }, { signal }),
    retry: retryServerErrors,
  });
}

export function useScoreableContent(id: number) {
  return useQuery({
    queryKey: scoringKeys.content(id),
    queryFn: ({ signal }) => call(scoringRoutes.scoreableContent, {}, { id }, { signal }),
    retry: retryServerErrors,
    // The evaluator is filling in a form over the loaded content: never reload it under them.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** After a result or a no-show, the list and the test both change. */
function useInvalidateScoring(id: number) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: scoringKeys.content(id) });
    await queryClient.invalidateQueries({ queryKey: ["scoreable-tests"] });
  };
}

export function useSubmitResults(id: number) {
  const invalidate = useInvalidateScoring(id);
  return useMutation({
    mutationFn: (input: SubmitResultsInput) => call(scoringRoutes.submitResults, input, { id }),
    onSuccess: invalidate,
  });
}

export function useNoShow(id: number) {
  const invalidate = useInvalidateScoring(id);
  return useMutation({
    mutationFn: () => call(scoringRoutes.noShow, {}, { id }),
    onSuccess: invalidate,
  });
}

export function useGrantAudio(id: number) {
  return useMutation({ mutationFn: (item: string) => call(scoringRoutes.grantAudio, { item }, { id }) });
}
