/** The schedule-test screen's month grid (candidate spec §2, §9: 42 cells, six weeks from a Sunday). Pure date arithmetic in UTC. */

export const CALENDAR_CELLS = 42;

export interface CalendarCell {
  /** yyyy-MM-dd. */
  date: string;
  day: number;
  inMonth: boolean;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The 42 days shown for a month ("yyyy-MM"): the Sunday on or before the 1st, then 41 more. */
export function monthCells(month: string): CalendarCell[] {
  const first = new Date(`${month}-01T00:00:00Z`);
  const start = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
  return Array.from({ length: CALENDAR_CELLS }, (_, i) => {
    const d = new Date(start.getTime() + i * 86_400_000);
    return { date: iso(d), day: d.getUTCDate(), inMonth: d.getUTCMonth() === first.getUTCMonth() };
  });
}

/** "yyyy-MM" moved by n months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
}

/** A value moved within 0…size−1, wrapping at both ends (the time picker's fields: hours 24, minutes 60). */
export const wrap = (value: number, size: number) => ((value % size) + size) % size;

export const twoDigits = (n: number) => String(n).padStart(2, "0");

/**
 * What a time field's typed text means: at most two digits kept as typed (so "1" then "5" reads 15,
 * issue 23), and the number once it fits the field (0…size−1); null while empty or out of range.
 */
export function typedTimePart(text: string, size: number): { digits: string; value: number | null } {
  const digits = text.replace(/\D/g, "").slice(0, 2);
  const n = Number(digits);
  return { digits, value: digits !== "" && n < size ? n : null };
}
