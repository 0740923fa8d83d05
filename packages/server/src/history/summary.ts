import { INTL_LOCALE, TEST_METHOD_LABELS, type Language, type TestHistoryItem, type TestStatusView, DATE_STYLE } from "@parlance/contract";
import { translate } from "../i18n/catalog.js";
import type { OutgoingMail } from "../mail/outbox.js";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The status and score texts of a test in a language (the same history.* keys the screens use). */
export function localisedStatus(language: Language, view: TestStatusView): { status: string; score: string } {
  const date = view.date
    ? new Intl.DateTimeFormat(INTL_LOCALE[language], { ...DATE_STYLE, timeZone: "America/New_York" }).format(new Date(view.date))
    : "";
  const reason = view.reason ? translate(language, `history.reason.${view.reason}`) : translate(language, "history.reason.unknown");
  const status = translate(language, `history.status.${view.status}`, { date, reason });
  const score = !view.score ? "" : view.score.kind === "result" ? view.score.value : translate(language, `history.score.${view.score.text}`);
  return { status, score };
}

/**
 * The test summary mail (email_summary): one line per chosen test with the candidate, the test,
 * its method, status, score and date, in the sender's language.
 */
export function summaryMail(language: Language, to: string, senderName: string, items: TestHistoryItem[]): OutgoingMail {
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(language, `history.summaryMail.${key}`, vars);
  const fmt = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(INTL_LOCALE[language], { ...DATE_STYLE, timeZone: "America/New_York" }).format(new Date(iso)) : "—";
  const rows = items.map((item) => {
    const { status, score } = localisedStatus(language, item.view);
    return {
      candidate: item.employeeId ? `${item.candidateName} (${item.employeeId})` : item.candidateName,
      test: `${item.test} (${TEST_METHOD_LABELS[item.method]})`,
      status,
      score: score || "—",
      date: fmt(item.date),
    };
  });
  const heads = [t("candidate"), t("test"), t("status"), t("score"), t("date")];
  const intro = t("intro", { name: senderName, count: items.length });
  const text = [
    intro,
    "",
    ...rows.map((r) => `- ${r.candidate}: ${r.test}. ${heads[2]}: ${r.status}. ${heads[3]}: ${r.score}. ${heads[4]}: ${r.date}.`),
    "",
    translate(language, "mail.signature"),
  ].join("\n");
  const cell = (s: string, tag = "td") => `<${tag} style="text-align:left;padding:4px 8px;border-bottom:1px solid #ddd">${escapeHtml(s)}</${tag}>`;
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<table style="border-collapse:collapse"><thead><tr>${heads.map((h) => cell(h, "th")).join("")}</tr></thead><tbody>`,
    ...rows.map((r) => `<tr>${[r.candidate, r.test, r.status, r.score, r.date].map((v) => cell(v)).join("")}</tr>`),
    "</tbody></table>",
    `<p>${escapeHtml(translate(language, "mail.signature"))}</p>`,
  ].join("\n");
  return { to, subject: t("subject", { count: items.length }), text, html, template: "history.summary" };
}
