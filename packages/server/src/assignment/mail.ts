import { INTL_LOCALE, LANGUAGE_IDS, LANGUAGES, type Language, DATE_STYLE } from "@parlance/contract";
import { translate } from "../i18n/catalog.js";
import type { OutgoingMail } from "../mail/outbox.js";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The interface language of a candidate language id (140, 104, 106); English otherwise. */
export function languageOfId(languageId: number): Language {
  return LANGUAGES.find((l) => LANGUAGE_IDS[l] === languageId) ?? "en-US";
}

export interface AssignmentMailInput {
  to: string;
  languageId: number;
  firstName: string;
  accountName: string;
  selfScheduling: boolean;
  signInLink: string;
  expiresAt: Date;
  tests: { description: string; method: string; accessCode: string }[];
}

/**
 * The notification of newly assigned tests, in the candidate's language (catalog keys
 * `assignment.mail.*`): every test with its access code, the sign-in link and the expiry.
 */
// One formatter a language: a bulk upload writes thousands of these mails at once.
const expiryFormats = new Map<Language, Intl.DateTimeFormat>();
function expiryFormat(language: Language): Intl.DateTimeFormat {
  let format = expiryFormats.get(language);
  if (!format) expiryFormats.set(language, (format = new Intl.DateTimeFormat(INTL_LOCALE[language], { ...DATE_STYLE, timeZone: "America/New_York" })));
  return format;
}

export function assignmentMail(m: AssignmentMailInput): OutgoingMail {
  const language = languageOfId(m.languageId);
  const expires = expiryFormat(language).format(m.expiresAt);
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(language, `assignment.mail.${key}`, { firstName: m.firstName, account: m.accountName, date: expires, ...vars });
  const lines = m.tests.map((x) => t("testLine", { test: x.description, method: x.method, code: x.accessCode }));
  const intro = t(m.tests.length === 1 ? "introOne" : "introMany");
  const action = t(m.selfScheduling ? "scheduleAction" : "signInAction");
  const text = [
    translate(language, "mail.greeting", { firstName: m.firstName }),
    "",
    intro,
    "",
    ...lines.map((l) => `- ${l}`),
    "",
    action,
    m.signInLink,
    "",
    t("expiry"),
    "",
    translate(language, "mail.signature"),
  ].join("\n");
  const html = [
    `<p>${escapeHtml(translate(language, "mail.greeting", { firstName: m.firstName }))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`,
    `<p>${escapeHtml(action)} <a href="${escapeHtml(m.signInLink)}">${escapeHtml(m.signInLink)}</a></p>`,
    `<p>${escapeHtml(t("expiry"))}</p>`,
    `<p>${escapeHtml(translate(language, "mail.signature"))}</p>`,
  ].join("\n");
  return { to: m.to, subject: t("subject"), text, html, template: "assignment.notify" };
}
