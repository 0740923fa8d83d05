import { useCallback } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { schedulingMessages, schedulingRoutes, type SchedulingMessage } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { ApiCallError, call } from "../../api/client";
import { useApiErrorText } from "../../ui/useApiErrorText";

/** Query keys of the scheduling area. */
export const schedulingKeys = {
  page: (candidateProfileId: string, testId: string) => ["scheduling", "page", candidateProfileId, testId] as const,
  times: (test: TimesFor, date: string, zoneId: number) => ["scheduling", "times", test.candidateProfileId, test.accountTestId, test.candidateTrackTestId, date, zoneId] as const,
};

export interface TimesFor {
  candidateProfileId: number;
  accountTestId: number;
  candidateTrackTestId: number | null;
  duration: number;
}

export function useSchedulePage(candidateProfileId: string, testId: string) {
  return useQuery({
    queryKey: schedulingKeys.page(candidateProfileId, testId),
    queryFn: ({ signal }) => call(schedulingRoutes.schedulePage, {}, { candidateProfileId, testId }, { signal }),
    retry: false,
  });
}

/** The date's times in the zone; not asked until a date is chosen (spec §4: not asked, loading, failed, loaded). */
export function useAvailableTimes(test: TimesFor, date: string | null, zoneId: number) {
  return useQuery({
    queryKey: schedulingKeys.times(test, date ?? "", zoneId),
    enabled: date !== null,
    retry: false,
    queryFn: ({ signal }) =>
      call(
        schedulingRoutes.availableTimes,
        { date: date!, duration: test.duration, timeZone: zoneId, accountTestId: test.accountTestId, candidateProfileId: test.candidateProfileId, candidateTrackTestId: test.candidateTrackTestId },
        undefined,
        { signal },
      ),
  });
}

/**
 * A booking changes the Take a Test lists, the candidate's tests and every offered time: all of it
 * is read again, except this screen's own data (its test no longer needs scheduling).
 */
function afterChange(client: QueryClient) {
  client.removeQueries({ queryKey: ["scheduling"] });
  void client.invalidateQueries();
}

export function useScheduleTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Parameters<typeof call<typeof schedulingRoutes.schedule>>[1]) => call(schedulingRoutes.schedule, input),
    onSuccess: () => afterChange(client),
  });
}

export function useAllowCandidateScheduling() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: number) => call(schedulingRoutes.allowCandidateScheduling, { id }), onSuccess: () => afterChange(client) });
}

const catalogs = { "scheduling.messages": schedulingMessages };

/** The server's message on a bad-status answer, else the screen's default (spec §7 "Answer handling"). */
export function useFailureText(): (err: unknown, fallback: SchedulingMessage) => string {
  const { t } = useTranslation();
  const errorText = useApiErrorText(catalogs);
  return useCallback(
    (err: unknown, fallback: SchedulingMessage) =>
      err instanceof ApiCallError && err.ownMessage
        ? errorText(err)
        : t(`scheduling.messages.${fallback}`),
    [errorText, t],
  );
}
