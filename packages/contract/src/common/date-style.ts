/**
 * One style per kind of value, on screens, in mails and in PDFs alike: a date is the date part of
 * a date-time ("Nov 24, 2026" and "Nov 24, 2026, 10:00 AM"), never "November 24, 2026" beside them.
 */
export const DATE_STYLE = { dateStyle: "medium" } as const satisfies Intl.DateTimeFormatOptions;
export const DATE_TIME_STYLE = { dateStyle: "medium", timeStyle: "short" } as const satisfies Intl.DateTimeFormatOptions;
/** A time of day of an appointment: the time part of a date-time ("10:00 AM"). */
export const TIME_STYLE = { timeStyle: "short" } as const satisfies Intl.DateTimeFormatOptions;
