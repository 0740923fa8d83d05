import { INTL_LOCALE, DATE_TIME_STYLE, type Language } from "@parlance/contract";
import { translate } from "../i18n/catalog.js";
import type { OutgoingMail } from "../mail/outbox.js";
import type { MailAttachment } from "../db/schema.js";

/**
 * The mail of one change to one person, in their language and zone (catalog keys
 * `mail.changes.<notice>.{subject,body}`, the web app's translation files): what changed, when, and
 * for an appointment the calendar file that updates it.
 */

/** Which mail a person gets: the candidate's and the evaluator's or proctor's words differ. */
export const NOTICES = [
  "moved",
  "scheduled",
  "toSchedule",
  "cancelled",
  "removed",
  "submitted",
  "reserved",
  "reservationCancelled",
  "booked",
  "bookingCancelled",
  "bookingSubmitted",
  "answersDelivered",
  "credentialRevoked",
] as const;
export type Notice = (typeof NOTICES)[number];

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The four offered US zones by their translated names; another zone by its IANA name. */
const ZONE_KEYS: Record<string, string> = {
  "America/New_York": "eastern",
  "America/Chicago": "central",
  "America/Denver": "mountain",
  "America/Los_Angeles": "pacific",
};
export const zoneName = (language: Language, zone: string): string =>
  ZONE_KEYS[zone] ? translate(language, `evaluatorSchedule.zones.${ZONE_KEYS[zone]}`) : zone;

/** A date and time in the person's zone and language, with the zone's name: "Dec 3, 2026, 10:00 AM (Eastern Time)". */
export function whenText(language: Language, zone: string, at: Date): string {
  const text = new Intl.DateTimeFormat(INTL_LOCALE[language], { ...DATE_TIME_STYLE, timeZone: zone }).format(at);
  return `${text} (${zoneName(language, zone)})`;
}

export interface ChangeMailInput {
  notice: Notice;
  to: string;
  language: Language;
  firstName: string;
  /** Filled into the sentences: test, candidate, when, before. */
  vars: Record<string, string>;
  calendar: MailAttachment | null;
}

export function changeMail(m: ChangeMailInput): OutgoingMail & { attachments: MailAttachment[] } {
  const t = (key: string) => translate(m.language, key, { firstName: m.firstName, ...m.vars });
  const k = `mail.changes.${m.notice}`;
  const paragraphs = [t(`${k}.body`)];
  if (m.calendar) paragraphs.push(t(m.calendar.contentType.includes("CANCEL") ? "mail.changes.calendarCancel" : "mail.changes.calendarUpdate"));
  paragraphs.push(t("mail.changes.questions"));
  const text = [t("mail.greeting"), "", ...paragraphs.flatMap((p) => [p, ""]), t("mail.signature")].join("\n");
  const html = [t("mail.greeting"), ...paragraphs, t("mail.signature")].map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  return { to: m.to, subject: t(`${k}.subject`), text, html, template: `change.${m.notice}`, attachments: m.calendar ? [m.calendar] : [] };
}
