import { getCountries, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";

/**
 * Phone numbers for the phone call screen, the call-candidate dialog and the server, with
 * libphonenumber-js and its full metadata (so a number is checked against the country's real
 * number plan, not only its length). Not exported from the contract's index: the sign-in page must
 * not carry the metadata; screens and the server import this module by its path.
 */

export interface PhoneCountry {
  iso: CountryCode;
  callingCode: string;
}

/** Every country libphonenumber knows (some 245), with its calling code. */
export const phoneCountries = (): PhoneCountry[] => getCountries().map((iso) => ({ iso, callingCode: getCountryCallingCode(iso) }));

export const isPhoneCountry = (iso: string): iso is CountryCode => isSupportedCountry(iso);

export interface ParsedPhoneNumber {
  /** E.164: what the voice provider dials. */
  e164: string;
  /** International format for people: "+1 617 555 0142". */
  international: string;
  country: string | null;
}

/**
 * A number typed for a country (national, or international with +): the valid number, or null.
 * An international number of another country than the chosen one is accepted as what it says.
 */
export function parsePhoneNumber(iso: string, text: string): ParsedPhoneNumber | null {
  if (!isPhoneCountry(iso)) return null;
  const parsed = parsePhoneNumberFromString(text, iso);
  if (!parsed || !parsed.isValid()) return null;
  return { e164: parsed.number, international: parsed.formatInternational(), country: parsed.country ?? null };
}

/** A number in international form ("+44 20 7946 0958"): the valid number, or null. */
export function parseInternationalNumber(text: string): ParsedPhoneNumber | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("+")) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  if (!parsed || !parsed.isValid()) return null;
  return { e164: parsed.number, international: parsed.formatInternational(), country: parsed.country ?? null };
}
