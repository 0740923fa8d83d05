import { useCallback } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { candidateMessages, proctoringReservationRoutes, reservationMessages, schedulingMessages, type ReservationMessage } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { ApiCallError, call } from "../../../api/client";
import { useApiErrorText } from "../../../ui/useApiErrorText";

/** Data of the proctoring reservation screens (contract: proctoring/reservations.ts). */

export const reservationKeys = {
  page: (candidateId: string, tests: string) => ["proctorReservation", "page", candidateId, tests] as const,
  times: (candidateId: number, tests: readonly number[], date: string, zoneId: number) => ["proctorReservation", "times", candidateId, tests.join(","), date, zoneId] as const,
  contact: (candidateId: string, tests: string) => ["proctorReservation", "contact", candidateId, tests] as const,
  terms: ["proctorReservation", "terms"] as const,
};

export function useProctorSchedulePage(candidateId: string, tests: string) {
  return useQuery({
    queryKey: reservationKeys.page(candidateId, tests),
    queryFn: ({ signal }) => call(proctoringReservationRoutes.schedulePage, { assigned_tests: tests }, { candidateProfileId: candidateId }, { signal }),
    retry: false,
  });
}

export function useProctorTimes(page: { candidateProfileId: number; assignedTestIds: number[]; duration: number }, date: string | null, zoneId: number) {
  return useQuery({
    queryKey: reservationKeys.times(page.candidateProfileId, page.assignedTestIds, date ?? "", zoneId),
    enabled: date !== null,
    retry: false,
    queryFn: ({ signal }) =>
      call(
        proctoringReservationRoutes.availableTimes,
        { date: date!, duration: page.duration, timeZone: zoneId, candidateProfileId: page.candidateProfileId, assignedTestIds: page.assignedTestIds },
        undefined,
        { signal },
      ),
  });
}

/**
 * Anything a reservation changes (the page, the times, the candidate's tests) is read again. After
 * the terms or the contact details (`leaving`: the reservation screen is not shown) its cached page
 * is dropped, so coming back does not act on the old answer and send the user there again.
 */
function useAfterChange(leaving = false) {
  const client = useQueryClient();
  return () => {
    client.removeQueries({ queryKey: ["proctorReservation", "times"] });
    if (leaving) client.removeQueries({ queryKey: ["proctorReservation", "page"] });
    void client.invalidateQueries();
  };
}

export function useConfirmReservation() {
  const after = useAfterChange();
  return useMutation({ mutationFn: (input: Parameters<typeof call<typeof proctoringReservationRoutes.confirm>>[1]) => call(proctoringReservationRoutes.confirm, input), onSuccess: after });
}

export function useCancelReservation() {
  const after = useAfterChange();
  return useMutation({ mutationFn: (id: number) => call(proctoringReservationRoutes.cancel, { id }), onSuccess: after });
}

export function useContactDetails(candidateId: string, tests: string) {
  return useQuery({
    queryKey: reservationKeys.contact(candidateId, tests),
    queryFn: ({ signal }) => call(proctoringReservationRoutes.contactDetails, tests ? { assigned_tests: tests } : {}, { candidateProfileId: candidateId }, { signal }),
    retry: false,
  });
}

export function useEditContactDetails() {
  const after = useAfterChange(true);
  return useMutation({ mutationFn: (input: Parameters<typeof call<typeof proctoringReservationRoutes.editContactDetails>>[1]) => call(proctoringReservationRoutes.editContactDetails, input), onSuccess: after });
}

export function useTerms() {
  return useQuery({ queryKey: reservationKeys.terms, queryFn: ({ signal }) => call(proctoringReservationRoutes.terms, {}, undefined, { signal }), retry: false });
}

export function useAcceptTerms() {
  const after = useAfterChange(true);
  return useMutation({ mutationFn: () => call(proctoringReservationRoutes.acceptTerms, { accept: true }), onSuccess: after });
}

const catalogs = { "proctorReservation.messages": reservationMessages, "candidates.messages": candidateMessages, "scheduling.messages": schedulingMessages };

/** The server's message on a bad-status answer, else the screen's default (the spec's failure text). */
export function useFailureText(): (err: unknown, fallback?: ReservationMessage) => string {
  const { t } = useTranslation();
  const errorText = useApiErrorText(catalogs);
  return useCallback(
    (err: unknown, fallback: ReservationMessage = "failure") =>
      err instanceof ApiCallError && err.ownMessage
        ? errorText(err)
        : t(`proctorReservation.messages.${fallback}`),
    [errorText, t],
  );
}

/** The screen's address with its assigned tests, to come back to after the contact details or the terms. */
export const schedulePath = (candidateId: number | string, tests: string) => `/testing/proctor/schedule/${candidateId}?assigned_tests=${tests}`;

/** A return address is followed only within the app (a path, never another origin). */
export const safeReturn = (value: string | null, fallback: string) => (value && value.startsWith("/") && !value.startsWith("//") ? value : fallback);
