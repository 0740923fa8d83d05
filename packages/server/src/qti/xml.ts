import { DOMParser, type Document, type Element, type Node } from "@xmldom/xmldom";

/**
 * XML reading for QTI packages: a document with a DTD is refused BEFORE it is parsed (no DOCTYPE, no
 * ENTITY declarations: no external entities, no billion laughs), and any parser warning is an
 * error (a package is read whole or not at all). Elements are matched by local name, so a
 * package's namespace prefixes do not matter.
 */

export class QtiXmlError extends Error {}

/** Larger than any real item; bounds the parser's work per document. */
export const MAX_XML_CHARS = 2_000_000;

export function parseXml(text: string, what: string): Element {
  if (text.length > MAX_XML_CHARS) throw new QtiXmlError(`${what} is larger than ${MAX_XML_CHARS / 1_000_000} MB of XML.`);
  // Refused before the parser sees it: a DTD is how external entities and entity expansion attacks come in.
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) throw new QtiXmlError(`${what} declares a DTD (<!DOCTYPE or <!ENTITY): QTI packages are read without DTDs.`);
  let doc: Document;
  let first: string | null = null;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        first ??= `${level}: ${String(message).split("\n")[0]}`;
        throw new QtiXmlError(first);
      },
    }).parseFromString(text.replace(/^\uFEFF/, ""), "application/xml");
  } catch (err) {
    throw new QtiXmlError(`${what} is not well-formed XML (${first ?? (err as Error).message.split("\n")[0]}).`);
  }
  const root = doc.documentElement;
  if (!root) throw new QtiXmlError(`${what} has no root element.`);
  return root;
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const CDATA_NODE = 4;

export const localName = (n: Node): string => ((n as Element).localName ?? n.nodeName).toLowerCase();

export function childElements(el: Element, name?: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === ELEMENT_NODE && (!name || localName(n) === name)) out.push(n as Element);
  return out;
}

export const firstChild = (el: Element, name: string): Element | undefined => childElements(el, name)[0];

/** Every descendant element of that local name, in document order. */
export function descendants(el: Element, name: string): Element[] {
  const out: Element[] = [];
  const walk = (e: Element) => {
    for (const c of childElements(e)) {
      if (localName(c) === name) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

export const attr = (el: Element, name: string): string | null => (el.hasAttribute(name) ? el.getAttribute(name) : null);

export function textOf(el: Node): string {
  let s = "";
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === TEXT_NODE || n.nodeType === CDATA_NODE) s += n.nodeValue ?? "";
    else if (n.nodeType === ELEMENT_NODE) s += textOf(n);
  }
  return s;
}

export function boolAttr(el: Element, name: string, fallback: boolean): boolean {
  const v = attr(el, name);
  return v === null ? fallback : v.trim() === "true" || v.trim() === "1";
}

export function intAttr(el: Element, name: string, fallback: number): number {
  const v = attr(el, name);
  if (v === null || v.trim() === "") return fallback;
  const n = Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

export function numAttr(el: Element, name: string): number | null {
  const v = attr(el, name);
  if (v === null || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** XML text and attribute escaping for the writer (export). */
export const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
