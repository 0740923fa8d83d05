/** A light shape check before sending (the server validates for real): something@domain.tld. */
export function looksLikeEmail(value: string): boolean {
  return value.length <= 125 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
