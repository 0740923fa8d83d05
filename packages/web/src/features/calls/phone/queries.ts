import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { devPhoneRoutes, phoneCallRoutes, type PhoneCallAnswer } from "@parlance/contract";
import { call } from "../../../api/client";

/** The local provider's calls (dev tool): polled while no call is being answered, since one may ring at any moment. */
export function useDevPhoneCalls(page: number, answering: boolean) {
  return useQuery({
    queryKey: ["dev-phone", page],
    queryFn: () => call(devPhoneRoutes.devCalls, { page }),
    placeholderData: keepPreviousData,
    // A call may ring at any moment.
    refetchInterval: answering ? false : 3000,
  });
}

export function usePhoneCallStartup(id: number) {
  return useQuery({ queryKey: ["phone-call", id], queryFn: () => call(phoneCallRoutes.callStartup, {}, { id }), enabled: Number.isInteger(id) && id > 0, retry: false });
}

/** A staff member has the candidate called at a number (the variable: its E.164 form). */
export function useCallCandidate(accountId: number, assignedTestId: number) {
  return useMutation<PhoneCallAnswer, unknown, string>({
    mutationFn: (e164) => call(phoneCallRoutes.callCandidate, { account: accountId, phone_number: e164, assigned_test_id: assignedTestId }),
  });
}
