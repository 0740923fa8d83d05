import { describe, expect, it } from "vitest";
import { cleanChildren, isSafeUrl, plainText, safeUrl, type DomLike } from "./body";

/** A DOM stand-in: el("p", {lang: "ar"}, "text", el(…)). */
const el = (localName: string, attrs: Record<string, string> = {}, ...children: (DomLike | string)[]): DomLike => ({
  nodeType: 1,
  nodeValue: null,
  localName,
  attributes: Object.entries(attrs).map(([name, value]) => ({ name, value })),
  childNodes: children.map((c) => (typeof c === "string" ? { nodeType: 3, nodeValue: c, childNodes: [] } : c)),
});
const root = (...children: (DomLike | string)[]) => el("body", {}, ...children);

describe("the client allow-list over the server's sanitised body", () => {
  it("keeps allowed tags, their language and direction, and text as text", () => {
    expect(cleanChildren(root(el("p", { dir: "rtl", "xml:lang": "ar", class: "x", style: "color:red" }, "مرحبا <b>", el("strong", {}, "!"))))).toEqual([
      { tag: "p", attrs: { dir: "rtl", lang: "ar" }, children: ["مرحبا <b>", { tag: "strong", attrs: {}, children: ["!"] }] },
    ]);
  });

  it("drops scripts, styles, embedded documents and event attributes, and unwraps unknown tags", () => {
    const tree = cleanChildren(
      root(
        el("script", {}, "alert(1)"),
        el("style", {}, "p{}"),
        el("iframe", { src: "/x" }),
        el("p", { onclick: "alert(1)", onmouseover: "x" }, el("a", { href: "javascript:alert(1)" }, "link"), el("font", {}, "words")),
        { nodeType: 8, nodeValue: "a comment", childNodes: [] },
      ),
    );
    expect(tree).toEqual([{ tag: "p", attrs: {}, children: ["link", "words"] }]);
  });

  it("loads media only from this server", () => {
    expect(cleanChildren(root(el("img", { src: "/api/media/1.png", alt: "a map" }), el("img", { src: "https://evil.example/x.png", alt: "x" }), el("img", { src: "javascript:alert(1)" }), el("img", { src: "//evil.example/x" })))).toEqual([
      { tag: "img", attrs: { src: "/api/media/1.png", alt: "a map" }, children: [] },
      { tag: "img", attrs: { alt: "x" }, children: [] },
      { tag: "img", attrs: {}, children: [] },
      { tag: "img", attrs: {}, children: [] },
    ]);
    expect(isSafeUrl("/a/b.mp3")).toBe(true);
    expect(isSafeUrl("/\\evil")).toBe(false);
    expect(isSafeUrl("data:text/html,x")).toBe(false);
    expect(safeUrl("https://parlance.example/api/m/1.png", "https://parlance.example")).toBe("/api/m/1.png");
    expect(safeUrl("https://parlance.example.evil/x.png", "https://parlance.example")).toBeNull();
  });

  it("keeps MathML and the server's markers, and only in their own shape", () => {
    const tree = cleanChildren(
      root(
        el("math", {}, el("mfrac", {}, el("mi", {}, "a"), el("mn", {}, "2"))),
        el("div", { "data-qti-slot": "0" }),
        el("span", { "data-qti-gap": "G1" }),
        el("span", { "data-qti-hottext": "H1" }, "word"),
        el("span", { "data-qti-slot": "x1", "data-qti-gap": "1 bad", "data-other": "y" }),
        el("p", { "data-qti-gap": "G2" }),
      ),
    );
    expect(tree).toEqual([
      { tag: "math", attrs: {}, children: [{ tag: "mfrac", attrs: {}, children: [{ tag: "mi", attrs: {}, children: ["a"] }, { tag: "mn", attrs: {}, children: ["2"] }] }] },
      { tag: "div", attrs: { "data-qti-slot": "0" }, children: [] },
      { tag: "span", attrs: { "data-qti-gap": "G1" }, children: [] },
      { tag: "span", attrs: { "data-qti-hottext": "H1" }, children: ["word"] },
      { tag: "span", attrs: {}, children: [] },
      { tag: "p", attrs: {}, children: [] },
    ]);
  });

  it("gives short html's plain text for names", () => {
    expect(plainText("<b>went</b>&nbsp;to &amp; fro")).toBe("went to & fro");
    expect(plainText('<img src="/a.png" alt="a cat">')).toBe("a cat");
  });
});
