import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mantineRadioParts } from "../../vite-plugins/mantine-radio-parts";

const radioFile = path.resolve(import.meta.dirname, "../../../../node_modules/@mantine/core/esm/components/Radio/Radio.mjs");
const radio = fs.readFileSync(radioFile, "utf8");
const dirs: string[] = [];
/** The plugin's transform, called as Vite would with the one thing it uses of the context. */
type TransformOnly = { transform: (this: { warn(m: string): void }, code: string, id: string) => { code: string } | null };
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Radio.mjs as the plugin leaves it for sources that say `source`. */
function transformed(source: string, code = radio) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-radio-"));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, "Screen.tsx"), source);
  const warnings: string[] = [];
  const plugin = mantineRadioParts(dir) as unknown as TransformOnly;
  const out = plugin.transform.call({ warn: (m) => warnings.push(m) }, code, radioFile);
  return { code: out?.code ?? code, warnings };
}

describe("Mantine's Radio without the parts the app does not draw (vite-plugins/mantine-radio-parts.ts)", () => {
  it("leaves out the Card and the Indicator when no source names them, and keeps the Group", () => {
    const { code } = transformed(`import { Radio } from "@mantine/core";\nexport const X = () => <Radio.Group><Radio value="a" /></Radio.Group>;`);
    expect(code).not.toContain("RadioCard");
    expect(code).not.toContain("RadioIndicator");
    expect(code).toContain("Radio.Group = RadioGroup;");
  });

  it("keeps a part a source names", () => {
    const { code } = transformed(`export const X = () => <Radio.Card value="a" />;`);
    expect(code).toContain("Radio.Card = RadioCard;");
    expect(code).not.toContain("Radio.Indicator = RadioIndicator;");
  });

  it("leaves Radio whole, and says so, when Mantine attaches them otherwise", () => {
    const changed = radio.replace("Radio.Card = RadioCard;", "Object.assign(Radio, { Card: RadioCard });");
    const { code, warnings } = transformed(`export {};`, changed);
    expect(code).toBe(changed);
    expect(warnings).toHaveLength(1);
  });

  it("the app's own sources name neither, so the test page goes without them", () => {
    const src = path.resolve(import.meta.dirname, "..");
    const plugin = mantineRadioParts(src) as unknown as TransformOnly;
    expect(plugin.transform.call({ warn: () => undefined }, radio, radioFile)?.code).not.toContain("RadioCard");
  });
});
