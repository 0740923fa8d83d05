import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { svgProblem } from "./svg-check.js";

const repo = path.join(import.meta.dirname, "../../../..");
const NS = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';

describe("the SVG check (an XML parser and an allow-list)", () => {
  it("accepts the shipped drawings", () => {
    for (const file of ["content/media/en-reading/borrowing-chart.svg", "packages/web/public/news/mandarin-testing.svg", "packages/web/public/news/scheduling.svg"]) {
      expect(svgProblem(fs.readFileSync(path.join(repo, file), "utf8")), file).toBeNull();
    }
  });

  it("accepts local references, gradients, filters and an editor's inert attributes", () => {
    const svg = `<?xml version="1.0" encoding="UTF-8"?><svg ${NS} ${XLINK} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><filter id="f"><feGaussianBlur stdDeviation="1"/><feColorMatrix values="1 0 0 0 0"/></filter></defs><g inkscape:label="Layer"><rect fill="url(#g)" filter="url(#f)" style="fill: url('#g')" width="5" height="5"/><use xlink:href="#g" href="#g"/><text xml:space="preserve">A &amp; B</text></g></svg>`;
    expect(svgProblem(svg)).toBeNull();
  });

  it.each([
    ["a namespaced script", `<svg ${NS} xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>`],
    ["a script", `<svg ${NS}><script>alert(1)</script></svg>`],
    ["a script as CDATA", `<svg ${NS}><script><![CDATA[alert(1)]]></script></svg>`],
    ["an entity-encoded javascript: link", `<svg ${NS} ${XLINK}><a xlink:href="&#106;avascript:alert(1)"><rect/></a></svg>`],
    ["an entity-encoded javascript: use", `<svg ${NS} ${XLINK}><use xlink:href="&#x6A;ava&#x73;cript:alert(1)"/></svg>`],
    ["an SVG 2 href to another host", `<svg ${NS}><use href="https://evil.example/x.svg#a"/></svg>`],
    ["an xlink prefix of another name", `<svg ${NS} xmlns:l="http://www.w3.org/1999/xlink"><use l:href="//evil.example/x.svg#a"/></svg>`],
    ["a handler", `<svg ${NS} onload="alert(1)"/>`],
    ["an upper-case handler", `<svg ${NS}><rect ONCLICK="alert(1)"/></svg>`],
    ["foreignObject", `<svg ${NS}><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`],
    ["an HTML element", `<svg ${NS}><h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="https://evil.example"/></svg>`],
    ["an animation that re-targets a link", `<svg ${NS}><a><set attributeName="href" to="javascript:alert(1)"/></a></svg>`],
    ["an image from elsewhere", `<svg ${NS}><image href="https://evil.example/x.png"/></svg>`],
    ["a style element", `<svg ${NS}><style>@import url(https://evil.example/x.css);</style></svg>`],
    ["a url() to another host", `<svg ${NS}><rect style="fill: url(https://evil.example/x.svg#p)"/></svg>`],
    ["a DOCTYPE with entities", `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ${NS}><text>&x;</text></svg>`],
    ["a stylesheet instruction", `<?xml-stylesheet href="https://evil.example/x.css"?><svg ${NS}/>`],
    ["a root that is not svg", `<html xmlns="http://www.w3.org/1999/xhtml"><svg ${NS}/></html>`],
    ["svg outside the SVG namespace", `<svg><script>alert(1)</script></svg>`],
    ["broken XML", `<svg ${NS}><rect></svg>`],
    ["no element at all", "just text"],
  ])("refuses %s", (_what, svg) => {
    expect(svgProblem(svg)).not.toBeNull();
  });
});
