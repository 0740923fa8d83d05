import type { Element } from "@xmldom/xmldom";
import type { ContentItem, ContentSection, TestContent } from "@parlance/contract";
import { countInteractions, parseItem } from "./item.js";
import { readZip } from "./zip.js";
import { attr, childElements, descendants, localName, parseXml } from "./xml.js";

/**
 * A QTI 3 package → test content. The manifest names the assessment test (or, without one, its
 * items make one section); the test's parts and sections become our sections, each item-ref an item
 * of kind "qti". The package is imported as a unit: one item that cannot be delivered refuses the
 * whole package, and the report names every such item with its reasons.
 */

export interface PackageTarget {
  key: string;
  test_type_short_name: TestContent["test_type_short_name"];
  /** The catalogue's, used when the package gives none. */
  time_limit_minutes: number | null;
}

export interface PackageReport {
  ok: boolean;
  /** Problems of the package or of an item, each a sentence naming the item. */
  problems: string[];
  warnings: string[];
  /** Interactions by kind (INTERACTION_KINDS), over the items read. */
  interactions: Record<string, number>;
  items: number;
  content: TestContent | null;
  /** media/… path → the file's bytes. */
  media: Map<string, Buffer>;
}

/** An item-ref identifier as our item id (lowercase letters, digits, dashes; unique in the test). */
export function itemIdOf(identifier: string, taken: Set<string>): string {
  let id = identifier.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+/, "").slice(0, 60) || "item";
  if (taken.has(id)) {
    let n = 2;
    while (taken.has(`${id}-${n}`)) n++;
    id = `${id}-${n}`;
  }
  taken.add(id);
  return id;
}

const dirOf = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "");
const join = (dir: string, href: string) => {
  const parts = (dir ? `${dir}/${href}` : href).split("/");
  const out: string[] = [];
  for (const part of parts) {
    if (part === "..") out.pop();
    else if (part !== "." && part !== "") out.push(part);
  }
  return out.join("/");
};

interface Ref {
  identifier: string;
  href: string;
  categories: string[];
}

/** Item refs of a section, nested sections flattened into it in document order. */
function refsOf(section: Element, dir: string): Ref[] {
  const refs: Ref[] = [];
  for (const c of childElements(section)) {
    if (localName(c) === "qti-assessment-item-ref") {
      refs.push({ identifier: attr(c, "identifier") ?? "", href: join(dir, decodeURI(attr(c, "href") ?? "")), categories: (attr(c, "category") ?? "").split(/\s+/).filter(Boolean) });
    } else if (localName(c) === "qti-assessment-section") refs.push(...refsOf(c, dir));
  }
  return refs;
}

export async function readPackage(data: Buffer, target: PackageTarget): Promise<PackageReport> {
  const report: PackageReport = { ok: false, problems: [], warnings: [], interactions: countInteractions([]), items: 0, content: null, media: new Map() };
  let files: Map<string, Buffer>;
  try {
    files = await readZip(data);
  } catch (err) {
    report.problems.push((err as Error).message);
    return report;
  }
  const text = (p: string) => files.get(p)?.toString("utf8");
  const manifestText = text("imsmanifest.xml");
  if (manifestText === undefined) {
    report.problems.push("The package has no imsmanifest.xml at its top level.");
    return report;
  }
  let manifest: Element;
  try {
    manifest = parseXml(manifestText, "imsmanifest.xml");
  } catch (err) {
    report.problems.push((err as Error).message);
    return report;
  }
  const resources = descendants(manifest, "resource");
  const tests = resources.filter((r) => /imsqti_test/i.test(attr(r, "type") ?? ""));
  const itemResources = resources.filter((r) => /imsqti_item/i.test(attr(r, "type") ?? ""));
  if (tests.length > 1) {
    report.problems.push(`The package holds ${tests.length} assessment tests; upload one test per package.`);
    return report;
  }
  let title = "";
  let timeLimit = target.time_limit_minutes;
  const sections: { title: string | null; refs: Ref[] }[] = [];
  if (tests.length === 1) {
    const href = join("", decodeURI(attr(tests[0], "href") ?? ""));
    const testText = text(href);
    if (testText === undefined) {
      report.problems.push(`The manifest names the test ${href}, which is not in the package.`);
      return report;
    }
    let test: Element;
    try {
      test = parseXml(testText, href);
    } catch (err) {
      report.problems.push((err as Error).message);
      return report;
    }
    if (localName(test) !== "qti-assessment-test") {
      report.problems.push(`${href} is not a QTI 3 assessment test (its root is <${localName(test)}>).`);
      return report;
    }
    title = attr(test, "title") ?? attr(test, "identifier") ?? "";
    const limit = [test, ...childElements(test, "qti-test-part")].flatMap((e) => childElements(e, "qti-time-limits"))[0];
    const seconds = limit ? Number(attr(limit, "max-time")) : NaN;
    if (Number.isFinite(seconds) && seconds > 0) timeLimit = Math.ceil(seconds / 60);
    for (const part of childElements(test, "qti-test-part")) {
      for (const s of childElements(part, "qti-assessment-section")) sections.push({ title: attr(s, "title"), refs: refsOf(s, dirOf(href)) });
    }
  } else if (itemResources.length) {
    sections.push({ title: null, refs: itemResources.map((r) => ({ identifier: attr(r, "identifier") ?? "", href: join("", decodeURI(attr(r, "href") ?? "")), categories: [] })) });
  } else {
    report.problems.push("The manifest names no assessment test and no items.");
    return report;
  }

  const taken = new Set<string>();
  /** package path → media/… path of every file an item uses. */
  const paths = new Map<string, string>();
  const out: ContentSection[] = [];
  const parsedItems: { interactions: Extract<ContentItem, { kind: "qti" }>["interactions"] }[] = [];
  for (const s of sections) {
    const items: ContentItem[] = [];
    for (const ref of s.refs) {
      const label = `Item '${ref.identifier}' (${ref.href})`;
      const xml = text(ref.href);
      if (xml === undefined) {
        report.problems.push(`${label} is not in the package.`);
        continue;
      }
      const parsed = parseItem(xml, ref.href, dirOf(ref.href), files, paths);
      report.warnings.push(...parsed.warnings.map((w) => `${label}: ${w}`));
      if (!parsed.ok) {
        report.problems.push(...parsed.problems.map((p) => `${label}: ${p}`));
        continue;
      }
      parsedItems.push(parsed.item);
      items.push({
        ...parsed.item,
        kind: "qti",
        id: itemIdOf(ref.identifier || parsed.item.identifier, taken),
        numbered: ref.categories.includes("numbered"),
        override_rtl: false,
        ignore_font_size: false,
      });
    }
    out.push({ title: s.title?.slice(0, 200) || undefined, timed: true, items });
  }
  report.items = parsedItems.length;
  report.interactions = countInteractions(parsedItems);
  for (const [p, m] of paths) report.media.set(m, files.get(p)!);
  if (report.problems.length) return report;
  report.content = {
    key: target.key,
    description: (title.trim() || target.key).slice(0, 200),
    test_type_short_name: target.test_type_short_name,
    ...(timeLimit !== null ? { time_limit_minutes: timeLimit } : {}),
    answer_review: true,
    right_to_left: false,
    sections: out,
  };
  report.ok = true;
  return report;
}
