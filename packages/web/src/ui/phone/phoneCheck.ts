import { parseInternationalNumber, parsePhoneNumber, type ParsedPhoneNumber } from "@parlance/contract/calls/phone-numbers";
import type { PhoneNumberValue } from "./PhoneNumberField";

/** The phone form's check before a call (spec §5): empty is "number required"; otherwise it must be a real number of the country. */
export type PhoneCheck = { ok: true; number: ParsedPhoneNumber } | { ok: false; problem: "numberRequired" | "badNumber" };

export function checkPhone(value: PhoneNumberValue): PhoneCheck {
  if (value.number.trim() === "") return { ok: false, problem: "numberRequired" };
  const number = parsePhoneNumber(value.iso, value.number);
  return number ? { ok: true, number } : { ok: false, problem: "badNumber" };
}

/** Where the form starts: the stored number's country when it has one, else the United States. */
export function initialPhone(stored: string): PhoneNumberValue {
  const parsed = stored.trim() ? (parseInternationalNumber(stored) ?? parsePhoneNumber("US", stored)) : null;
  return parsed?.country ? { iso: parsed.country, number: parsed.international } : { iso: "US", number: stored };
}
