import type { TFunction } from "../../i18n";

/**
 * The proctor agreement's instructions (spec §2, §9): IVR, online and paper tests, and conduct at
 * test time (candidates about four feet apart; materials deleted one week after the test).
 * One list, shown on screen and printed.
 */
export const AGREEMENT_SECTIONS = ["general", "ivr", "online", "paper", "conduct"] as const;

export interface AgreementSection {
  key: (typeof AGREEMENT_SECTIONS)[number];
  heading: string;
  paragraphs: string[];
}

export function agreementSections(t: TFunction): AgreementSection[] {
  return AGREEMENT_SECTIONS.map((key) => ({
    key,
    heading: t(`proctor.agreement.${key}.heading`),
    paragraphs: (t(`proctor.agreement.${key}.body`, { returnObjects: true }) as unknown as string[]) ?? [],
  }));
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The agreement as a printable page (before submission only: afterwards it is not shown again). */
export function printableAgreement(t: TFunction, o: { title: string; test: string; accessCode: string; name: string; date: string }): string {
  const sections = agreementSections(t)
    .map((s) => `<h2>${escapeHtml(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}`)
    .join("");
  const line = (label: string, value: string) => `<p><strong>${escapeHtml(label)}:</strong> ${value ? escapeHtml(value) : "______________________________"}</p>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(o.title)}</title>
<style>body{font:12pt/1.45 system-ui,sans-serif;margin:2cm;color:#000}h1{font-size:18pt}h2{font-size:13pt;margin-top:1.2em}</style></head>
<body><h1>${escapeHtml(o.title)}</h1>${line(t("proctor.agreement.test"), `${o.test} (${o.accessCode})`)}${sections}
<p>${escapeHtml(t("proctor.agreement.declaration"))}</p>${line(t("proctor.agreement.name"), o.name)}${line(t("proctor.agreement.date"), o.date)}
<p><strong>${escapeHtml(t("proctor.agreement.signature"))}:</strong> ______________________________</p></body></html>`;
}

/** Prints `html` from a hidden frame, so only the agreement is printed (not the test page around it). */
export function printHtml(html: string): void {
  const frame = document.createElement("iframe");
  frame.setAttribute("aria-hidden", "true");
  frame.style.position = "fixed";
  frame.style.width = "0";
  frame.style.height = "0";
  frame.style.border = "0";
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  doc.open();
  doc.write(html);
  doc.close();
  win.focus();
  win.print();
  // print() returns once the dialog closes (or at once in some browsers): remove the frame later.
  setTimeout(() => frame.remove(), 60_000);
}
