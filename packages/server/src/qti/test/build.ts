import fs from "node:fs";
import path from "node:path";
import { writeZip } from "../zip.js";

/** Test packages: the fixture items of test/items with a manifest and a test, and tiny media files. */

export const ITEMS_DIR = path.join(import.meta.dirname, "items");
export const fixture = (name: string) => fs.readFileSync(path.join(ITEMS_DIR, `${name}.xml`), "utf8");
export const ALL_FIXTURES = fs.readdirSync(ITEMS_DIR).filter((f) => f.endsWith(".xml")).map((f) => f.slice(0, -4)).sort();

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(64, 2)]);
export const MEDIA = { "items/images/sign.png": PNG, "items/images/map.png": PNG, "items/audio/greeting.ogg": OGG };

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** A package of items (name → XML) in sections; the test and manifest written around them. */
export function buildPackage(
  sections: { title: string; items: { name: string; xml: string; category?: string }[] }[],
  opts: { extra?: Record<string, Buffer | string>; title?: string; maxTime?: number; manifest?: string } = {},
): Buffer {
  const files: { name: string; data: Buffer }[] = [];
  const resources: string[] = [];
  const sectionXml = sections.map((s, i) => {
    const refs = s.items.map((it) => {
      const href = `items/${it.name}.xml`;
      files.push({ name: href, data: Buffer.from(it.xml, "utf8") });
      resources.push(`<resource identifier="${esc(it.name)}" type="imsqti_item_xmlv3p0" href="${href}"><file href="${href}"/></resource>`);
      return `<qti-assessment-item-ref identifier="${esc(it.name)}" href="${href}"${it.category ? ` category="${it.category}"` : ""}/>`;
    });
    return `<qti-assessment-section identifier="S${i + 1}" title="${esc(s.title)}" visible="true">${refs.join("")}</qti-assessment-section>`;
  });
  const limits = opts.maxTime ? `<qti-time-limits max-time="${opts.maxTime}"/>` : "";
  const test = `<?xml version="1.0" encoding="UTF-8"?><qti-assessment-test xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="T1" title="${esc(opts.title ?? "A QTI test")}">${limits}<qti-test-part identifier="P1" navigation-mode="nonlinear" submission-mode="simultaneous">${sectionXml.join("")}</qti-test-part></qti-assessment-test>`;
  const manifest =
    opts.manifest ??
    `<?xml version="1.0" encoding="UTF-8"?><manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="M1"><resources><resource identifier="T1" type="imsqti_test_xmlv3p0" href="test.xml"><file href="test.xml"/></resource>${resources.join("")}</resources></manifest>`;
  const extra = Object.entries({ ...MEDIA, ...(opts.extra ?? {}) }).map(([name, data]) => ({ name, data: Buffer.isBuffer(data) ? data : Buffer.from(data, "utf8") }));
  return writeZip([{ name: "imsmanifest.xml", data: Buffer.from(manifest) }, { name: "test.xml", data: Buffer.from(test) }, ...files, ...extra]);
}

/** Every fixture item, one section. */
export const allFixturesPackage = () => buildPackage([{ title: "Every interaction", items: ALL_FIXTURES.map((name) => ({ name, xml: fixture(name), category: "numbered" })) }]);
