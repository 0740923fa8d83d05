import { useMutation } from "@tanstack/react-query";
import { PROMPT_LANGUAGE_IDS, phoneCallRoutes, type Language, type PhoneCallAnswer } from "@parlance/contract";
import { call } from "../../api/client";

/**
 * The candidate asks to be called (the variable: the number as typed); the country and the prompt
 * language are the form's when it runs. onRequested hears only of a call that was placed.
 */
export function useRequestPhoneCall(iso: string, promptLanguage: Language, assignedTestId: number, onRequested?: (answer: PhoneCallAnswer) => void) {
  return useMutation<PhoneCallAnswer, unknown, string>({
    mutationFn: (number) =>
      call(phoneCallRoutes.requestCall, { iso_code: iso, phone_number: number, prompt_language_id: PROMPT_LANGUAGE_IDS[promptLanguage], assigned_test_id: assignedTestId }),
    onSuccess: (answer) => answer.success && onRequested?.(answer),
  });
}
