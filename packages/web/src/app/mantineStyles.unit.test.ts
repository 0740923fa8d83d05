import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { componentsWrittenOut, mantineUsedStyles, namesImportedFromCore, usedComponents } from "../../vite-plugins/mantine-used-styles";

const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const whole = fs.readFileSync(path.join(src, "../../../node_modules/@mantine/core/styles.css"), "utf8");
const stylesOf = (name: string) => fs.readFileSync(path.join(src, `../../../node_modules/@mantine/core/styles/${name}.css`), "utf8").trim();

describe("Mantine's styles of the components used (vite-plugins/mantine-used-styles.ts)", () => {
  it("reads the names imported from @mantine/core and the class names written out", () => {
    expect(namesImportedFromCore(`import { Alert, type MantineSpacing, Button as B } from "@mantine/core";\nimport x from "y";`)).toEqual(["Alert", "MantineSpacing", "Button"]);
    expect(namesImportedFromCore(`import {\n  Stack,\n  Title,\n} from '@mantine/core'`)).toEqual(["Stack", "Title"]);
    expect(componentsWrittenOut(`className="m_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root"`)).toEqual(["Burger", "UnstyledButton"]);
  });

  it("follows a component to the ones it builds on, and leaves out what the app does not draw", () => {
    const used = usedComponents([src]);
    // Button brings the UnstyledButton and the Loader; the app's header writes out the Burger's classes.
    for (const name of ["Button", "UnstyledButton", "Loader", "Burger", "Input", "Modal", "ModalBase", "Notification"]) expect(used).toContain(name);
    for (const name of ["Chip", "Tooltip", "Timeline", "AppShell"]) expect(used).not.toContain(name);
  });

  it("keeps styles.css's order, so that rules override each other as in the whole", () => {
    const css = mantineUsedStyles([src]);
    expect(css.length).toBeLessThan(whole.length * 0.75);
    const at = (name: string) => css.indexOf(stylesOf(name));
    expect(at("baseline")).toBe(0);
    for (const [before, after] of [["UnstyledButton", "Button"], ["Input", "PasswordInput"], ["ModalBase", "Modal"], ["global", "Paper"]]) {
      expect(at(before!)).toBeGreaterThanOrEqual(0);
      expect(at(before!)).toBeLessThan(at(after!));
      expect(whole.indexOf(stylesOf(before!))).toBeLessThan(whole.indexOf(stylesOf(after!)));
    }
    expect(css).not.toContain(stylesOf("Chip"));
  });

  it("has the styles of every Mantine class name the sources write out", () => {
    const css = mantineUsedStyles([src]);
    const files = fs.readdirSync(src, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && /\.tsx?$/.test(e.name));
    const hashes = new Set(files.flatMap((e) => [...fs.readFileSync(path.join(e.parentPath, e.name), "utf8").matchAll(/\bm_[0-9a-f]{8}\b/g)].map((m) => m[0])));
    expect(hashes.size).toBeGreaterThan(5);
    for (const hash of hashes) expect(css, hash).toContain(`.${hash}`);
  });
});
