import { describe, expect, it } from "vitest";
import { deflateRawSync } from "node:zlib";
import { readPackage } from "./package.js";
import { buildPackage, fixture } from "./test/build.js";
import { writeZip } from "./zip.js";

const target = { key: "qti-demo", test_type_short_name: "reading" as const, time_limit_minutes: null };
const one = (xml: string, extra?: Record<string, Buffer | string>) => buildPackage([{ title: "S", items: [{ name: "evil", xml }] }], { extra });
const withBody = (body: string) => fixture("choice").replace("<p>Look at the text in the picture.</p>", body);

describe("hostile QTI packages", () => {
  it("refuses a DOCTYPE with an external entity (XXE) before parsing", async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>` + fixture("choice").replace(/^<\?xml[^>]*>/, "").replace("Look at the text", "&xxe;");
    const r = await readPackage(one(xxe), target);
    expect(r.ok).toBe(false);
    expect(r.problems.join("\n")).toMatch(/Item 'evil' \(items\/evil.xml\): .*declares a DTD/);
    expect(JSON.stringify(r)).not.toContain("root:");
  });

  it("refuses billion laughs", async () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><qti-assessment-item identifier="x"><qti-item-body><p>&lol3;</p></qti-item-body></qti-assessment-item>`;
    const r = await readPackage(one(lol), target);
    expect(r.ok).toBe(false);
    expect(r.problems[0]).toMatch(/DTD/);
  });

  it("refuses a DOCTYPE in the manifest too", async () => {
    const manifest = `<?xml version="1.0"?><!DOCTYPE manifest SYSTEM "http://evil.example/x.dtd"><manifest/>`;
    const r = await readPackage(buildPackage([], { manifest }), target);
    expect(r.problems).toEqual([expect.stringMatching(/imsmanifest.xml declares a DTD/)]);
  });

  it("refuses a zip bomb by its ratio, and a zip that lies about its sizes", async () => {
    const big = Buffer.alloc(30 * 1024 * 1024, 0);
    const bomb = writeZip([{ name: "imsmanifest.xml", data: Buffer.from("<manifest/>") }, { name: "zeros.bin", data: big }]);
    const r = await readPackage(bomb, target);
    expect(r.problems[0]).toMatch(/larger than 20 MB uncompressed|zip bomb/);
    // Declared 100 bytes, inflates to 5 MB.
    const lying = writeZip([{ name: "imsmanifest.xml", data: Buffer.alloc(5 * 1024 * 1024, 32) }]);
    lying.writeUInt32LE(100, 22);
    const central = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(100, central + 24);
    const r2 = await readPackage(lying, target);
    expect(r2.ok).toBe(false);
    expect(r2.problems[0]).toMatch(/not a readable zip|inflates beyond|cannot be read \(too many bytes/);
    expect(deflateRawSync(big).length).toBeLessThan(100_000);
  });

  it("refuses paths that climb out of the package and files outside it", async () => {
    const r = await readPackage(writeZip([{ name: "../../etc/evil.xml", data: Buffer.from("x") }]), target);
    expect(r.problems[0]).toMatch(/points outside the package|invalid relative path/);
    const r2 = await readPackage(one(withBody('<p><img src="../../../etc/passwd.png" alt=""/></p>')), target);
    expect(r2.problems.join()).toMatch(/is not in the package/);
    const r3 = await readPackage(one(withBody('<p><img src="https://tracker.example/pixel.png" alt=""/></p>')), target);
    expect(r3.problems.join()).toMatch(/outside the package/);
  });

  it("removes script, event handlers and javascript: URLs from the item body", async () => {
    const body = `<p onclick="alert(1)">Hi<script>alert(2)</script><a href="javascript:alert(3)">x</a><a href="https://example.org/">ok</a></p><iframe src="https://evil.example"/><svg onload="alert(4)"/><p data-qti-slot="9">forged</p><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi><mo>=</mo><mn>2</mn></math>`;
    const r = await readPackage(one(withBody(body)), target);
    expect(r.problems).toEqual([]);
    const item = r.content!.sections[0].items[0];
    const html = item.kind === "qti" ? item.body : "";
    expect(html).not.toMatch(/script|onclick|onload|javascript:|iframe|alert|data-qti-slot="9"/);
    expect(html).toContain('<a href="https://example.org/" rel="noopener noreferrer">ok</a>');
    expect(html).toContain("<math");
    expect(html).toContain("<mi>x</mi>");
    expect(r.warnings.join("\n")).toMatch(/script in the item body was removed/);
  });

  it("names each item it cannot deliver and imports nothing of the package", async () => {
    const slider = fixture("choice").replace(/<qti-choice-interaction[\s\S]*<\/qti-choice-interaction>/, '<qti-slider-interaction response-identifier="RESPONSE" lower-bound="0" upper-bound="10"/>');
    const undeclared = fixture("order").replace('response-identifier="RESPONSE"', 'response-identifier="NOPE"');
    const r = await readPackage(buildPackage([{ title: "S", items: [{ name: "good", xml: fixture("choice") }, { name: "slider", xml: slider }, { name: "undeclared", xml: undeclared }, { name: "broken", xml: "<qti-assessment-item" }] }]), target);
    expect(r.ok).toBe(false);
    expect(r.content).toBeNull();
    expect(r.problems).toEqual([
      expect.stringMatching(/^Item 'slider' \(items\/slider.xml\): It uses <qti-slider-interaction>, which Parlance does not deliver\.$/),
      expect.stringMatching(/^Item 'undeclared' .*'NOPE', which the item does not declare/),
      expect.stringMatching(/^Item 'broken' .*not well-formed XML/),
    ]);
  });
});
