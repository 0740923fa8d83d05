import type { Language } from "@parlance/contract";
import { translate } from "../i18n/catalog.js";
import type { OutgoingMail } from "./outbox.js";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

interface LinkMail {
  template: "passwordReset" | "activation";
  to: string;
  firstName: string;
  link: string;
  /** Filled into the expiry sentence: {{minutes}} for resets, {{days}} for activations. */
  vars: Record<string, string | number>;
}

/**
 * A mail that carries one link (reset, activation), in the recipient's language: text and HTML
 * from the same catalog keys `mail.<template>.*`.
 */
export function linkMail(language: Language, m: LinkMail): OutgoingMail {
  const t = (key: string) => translate(language, key, { firstName: m.firstName, ...m.vars });
  const k = `mail.${m.template}`;
  const subject = t(`${k}.subject`);
  const paragraphs = [t(`${k}.body`), t(`${k}.expiry`), t(`${k}.ignore`)];
  const text = [t("mail.greeting"), "", paragraphs[0], "", m.link, "", paragraphs[1], paragraphs[2], "", t("mail.signature")].join("\n");
  const html = [
    `<p>${escapeHtml(t("mail.greeting"))}</p>`,
    `<p>${escapeHtml(paragraphs[0])}</p>`,
    `<p><a href="${escapeHtml(m.link)}">${escapeHtml(t(`${k}.action`))}</a></p>`,
    `<p>${escapeHtml(m.link)}</p>`,
    `<p>${escapeHtml(paragraphs[1])} ${escapeHtml(paragraphs[2])}</p>`,
    `<p>${escapeHtml(t("mail.signature"))}</p>`,
  ].join("\n");
  return { to: m.to, subject, text, html, template: m.template };
}
