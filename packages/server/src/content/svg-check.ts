import { SaxesParser, type SaxesTagNS } from "saxes";

/**
 * Whether an SVG is a plain drawing that cannot run anything or load anything when a browser
 * opens it from our origin. The file is parsed as XML with namespaces (saxes), so what is checked
 * is what a browser sees: `<s:script>` under another prefix is the SVG script element, and
 * `&#106;avascript:` in an attribute is `javascript:` once decoded. An allow-list, not patterns:
 * only drawing elements of the SVG namespace; no handlers, no addresses other than `#id` within
 * the file; no DOCTYPE (entities) and no processing instructions (stylesheets).
 */

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const XML_NS = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS = "http://www.w3.org/2000/xmlns/";

/** Drawing elements: shapes, text, paint servers, clipping, markers and the usual filters. No script, style, foreignObject, a, image, animation or iframe. */
const ELEMENTS = new Set([
  "svg", "g", "defs", "symbol", "use", "title", "desc",
  "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
  "text", "tspan", "textPath",
  "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker",
  "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feDropShadow", "feFlood",
  "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feMerge", "feMergeNode", "feMorphology", "feOffset",
]);

/** Attributes that name another resource or act: allowed only as a reference within the file. */
const REFERENCES = new Set(["href"]);
/** A `url(…)` in a value other than `url(#id)` loads something from elsewhere (CSS in style or a presentation attribute). */
const OUTSIDE_URL = /url\s*\(\s*(?!["']?#)/i;
const LOCAL_REFERENCE = /^#[^\s]*$/;

function attributeProblem(tag: SaxesTagNS): string | null {
  for (const a of Object.values(tag.attributes)) {
    const value = a.value.trim();
    if (a.uri === XMLNS_NS || (a.prefix === "" && a.local === "xmlns")) continue;
    if (a.uri === XLINK_NS) {
      if (a.local === "href" ? !LOCAL_REFERENCE.test(value) : a.local !== "title") return `${a.name}="${a.value}"`;
      continue;
    }
    if (a.uri === XML_NS) {
      if (a.local !== "space" && a.local !== "lang") return a.name;
      continue;
    }
    const local = a.local.toLowerCase();
    // Attributes of other namespaces (an editor's own) are inert, unless they look like a handler.
    if (local.startsWith("on")) return a.name;
    if (a.uri === "" && REFERENCES.has(local) && !LOCAL_REFERENCE.test(value)) return `${a.name}="${a.value}"`;
    if (OUTSIDE_URL.test(value)) return `${a.name}="${a.value}"`;
  }
  return null;
}

/** Null for a plain drawing; otherwise what was found first (for the message). */
export function svgProblem(source: string): string | null {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let problem: string | null = null;
  let root = true;
  const found = (what: string) => {
    problem ??= what;
  };
  parser.on("error", (err) => found(`not well-formed XML (${err.message.split("\n")[0]})`));
  parser.on("doctype", () => found("a DOCTYPE"));
  parser.on("processinginstruction", (pi) => found(`<?${pi.target}?>`));
  parser.on("opentag", (tag) => {
    if (tag.uri !== SVG_NS || !ELEMENTS.has(tag.local) || (root && tag.local !== "svg")) found(`<${tag.name}>`);
    root = false;
    const attribute = attributeProblem(tag);
    if (attribute) found(attribute);
  });
  try {
    parser.write(source).close();
  } catch (err) {
    found(`not well-formed XML (${(err as Error).message.split("\n")[0]})`);
  }
  if (root) found("no <svg> element");
  return problem;
}
