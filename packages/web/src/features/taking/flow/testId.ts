/** The assigned test id of the address (/testing/tests/123), or null when it is not one. */
export function parseTestId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}
