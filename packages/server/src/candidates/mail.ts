import { INTL_LOCALE, LANGUAGE_IDS, LANGUAGES, TEST_METHOD_LABELS, type Language, type TestMethod, DATE_STYLE } from "@parlance/contract";
import { translate } from "../i18n/catalog.js";
import type { OutgoingMail } from "../mail/outbox.js";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The interface language of a candidate's preferred language (140, 104, 106); English otherwise. */
export function candidateLanguage(languageId: number): Language {
  return LANGUAGES.find((l) => LANGUAGE_IDS[l] === languageId) ?? "en-US";
}

export interface NotifyMailInput {
  to: string;
  languageId: number;
  firstName: string;
  accountName: string;
  signInLink: string;
  tests: { description: string; method: TestMethod; accessCode: string; state: string; expiresAt: Date }[];
}

/**
 * The reminder a client sends from the candidate page: every open test with its access code and
 * expiry, and what to do next, in the candidate's language (catalog keys `candidates.mail.*`).
 */
export function notifyMail(m: NotifyMailInput): OutgoingMail {
  const language = candidateLanguage(m.languageId);
  const day = new Intl.DateTimeFormat(INTL_LOCALE[language], { ...DATE_STYLE, timeZone: "America/New_York" });
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(language, `candidates.mail.${key}`, { firstName: m.firstName, account: m.accountName, ...vars });
  const lines = m.tests.map((x) => {
    const line = t("testLine", { test: x.description, method: TEST_METHOD_LABELS[x.method], code: x.accessCode, date: day.format(x.expiresAt) });
    const next = x.state === "needs_scheduling" ? t("needsScheduling") : x.state === "needs_payment" ? t("needsPayment") : "";
    return next ? `${line} ${next}` : line;
  });
  const greeting = translate(language, "mail.greeting", { firstName: m.firstName });
  const signature = translate(language, "mail.signature");
  const text = [greeting, "", t("intro"), "", ...lines.map((l) => `- ${l}`), "", t("action"), m.signInLink, "", signature].join("\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(t("intro"))}</p>`,
    `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`,
    `<p>${escapeHtml(t("action"))} <a href="${escapeHtml(m.signInLink)}">${escapeHtml(m.signInLink)}</a></p>`,
    `<p>${escapeHtml(signature)}</p>`,
  ].join("\n");
  return { to: m.to, subject: t("subject"), text, html, template: "candidates.notify" };
}
