import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { assignmentMessages, assignmentRoutes, type CreateTestsInput } from "@parlance/contract";
import { ApiCallError, call } from "../../api/client";

/** Query keys of the assignment area; ["candidate-tests", id] is the candidate's tests table (history). */
export const assignmentKeys = {
  options: (id: number) => ["assignment", "options", id] as const,
  tests: (id: number) => ["assignment", "available-tests", id] as const,
  medical: (id: number) => ["assignment", "medical", id] as const,
  candidateTests: (id: number) => ["candidate-tests", id] as const,
};

export const assignmentCatalogs = { "assignment.messages": assignmentMessages };

const retry = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

export function useAssignmentOptions(candidateId: number) {
  return useQuery({
    queryKey: assignmentKeys.options(candidateId),
    queryFn: ({ signal }) => call(assignmentRoutes.options, {}, { id: candidateId }, { signal }),
    retry,
  });
}

export function useAvailableTests(candidateId: number) {
  return useQuery({
    queryKey: assignmentKeys.tests(candidateId),
    queryFn: ({ signal }) => call(assignmentRoutes.availableTests, {}, { id: candidateId }, { signal }),
    retry,
  });
}

export function useMedicalGroups(candidateId: number, enabled: boolean) {
  return useQuery({
    queryKey: assignmentKeys.medical(candidateId),
    queryFn: ({ signal }) => call(assignmentRoutes.availableMedicalTestGroups, {}, { id: candidateId }, { signal }),
    enabled,
    retry,
  });
}

export function useCreateTests(candidateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTestsInput) => call(assignmentRoutes.createTests, input, { candidateProfileId: candidateId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: assignmentKeys.candidateTests(candidateId) });
      await queryClient.invalidateQueries({ queryKey: ["test-history"] });
      // The candidate's page and search rows count open tests: they changed too.
      await queryClient.invalidateQueries({ queryKey: ["candidates"] });
    },
  });
}
