import type { ContentItem, TestContent } from "@parlance/contract";
import { itemXml } from "./write-item.js";
import { nativeAsQti } from "./export-native.js";
import type { ParsedItem } from "./item.js";
import { writeZip } from "./zip.js";
import { esc } from "./xml.js";

/**
 * A test's content as a QTI 3 package: imsmanifest.xml, test.xml (one test part, a section per
 * our section, an item-ref per item: its identifier our item id, category "numbered" when
 * numbered), items/<id>.xml, and the media files at their media/… paths. QTI items are written as
 * they were imported; our ten kinds as their QTI equivalents (export-native.ts).
 */

/** A QTI identifier for an item id (ours may start with a digit; QTI's may not). */
export const refIdentifier = (id: string) => (/^[a-z]/.test(id) ? id : `i-${id}`);

export function qtiOf(item: ContentItem): ParsedItem {
  if (item.kind === "qti") {
    const { id: _id, numbered: _n, override_rtl: _o, ignore_font_size: _f, kind: _k, ...rest } = item;
    return rest;
  }
  return nativeAsQti(item);
}

export function exportPackage(content: TestContent, media: ReadonlyMap<string, Buffer>): Buffer {
  const files: { name: string; data: Buffer }[] = [];
  const resources: string[] = [];
  const sections: string[] = [];
  const used = new Set<string>();
  content.sections.forEach((section, s) => {
    const refs: string[] = [];
    for (const item of section.items) {
      const ident = refIdentifier(item.id);
      const href = `items/${item.id}.xml`;
      const qti = qtiOf(item);
      qti.media.forEach((m) => used.add(m));
      files.push({ name: href, data: Buffer.from(itemXml(qti, "../"), "utf8") });
      refs.push(`<qti-assessment-item-ref identifier="${esc(ident)}" href="${esc(href)}"${item.numbered ? ' category="numbered"' : ""}/>`);
      const deps = qti.media.map((m) => `<file href="${esc(m)}"/>`).join("");
      resources.push(`<resource identifier="${esc(ident)}" type="imsqti_item_xmlv3p0" href="${esc(href)}"><file href="${esc(href)}"/>${deps}</resource>`);
    }
    const title = section.title ?? `Section ${s + 1}`;
    sections.push(`<qti-assessment-section identifier="section-${s + 1}" title="${esc(title)}" visible="true">${refs.join("")}</qti-assessment-section>`);
  });
  const limit = content.time_limit_minutes ? `<qti-time-limits max-time="${content.time_limit_minutes * 60}"/>` : "";
  const test =
    `<?xml version="1.0" encoding="UTF-8"?>\n<qti-assessment-test xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="${esc(refIdentifier(content.key))}" title="${esc(content.description)}">` +
    `${limit}<qti-test-part identifier="part-1" navigation-mode="nonlinear" submission-mode="simultaneous">${sections.join("")}</qti-test-part></qti-assessment-test>\n`;
  const manifest =
    `<?xml version="1.0" encoding="UTF-8"?>\n<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="${esc(refIdentifier(content.key))}-package">` +
    `<metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata><organizations/><resources>` +
    `<resource identifier="test" type="imsqti_test_xmlv3p0" href="test.xml"><file href="test.xml"/></resource>${resources.join("")}` +
    `</resources></manifest>\n`;
  const mediaFiles = [...used].sort().flatMap((m) => (media.has(m) ? [{ name: m, data: media.get(m)! }] : []));
  return writeZip([{ name: "imsmanifest.xml", data: Buffer.from(manifest, "utf8") }, { name: "test.xml", data: Buffer.from(test, "utf8") }, ...files, ...mediaFiles]);
}
