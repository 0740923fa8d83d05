import fs from "node:fs";
import type { Plugin } from "vite";
import { appSources } from "./app-sources.ts";

const RADIO = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Radio[\\/]Radio\.mjs$/;
/** Radio's static parts that the app draws with none of, each with what Radio.mjs writes to attach it. */
const PARTS = [
  { uses: /\bRadio\.Card\b|\bRadioCard\b/, lines: ['import { RadioCard } from "./RadioCard/RadioCard.mjs";', "Radio.Card = RadioCard;"] },
  { uses: /\bRadio\.Indicator\b|\bRadioIndicator\b/, lines: ['import { RadioIndicator } from "./RadioIndicator/RadioIndicator.mjs";', "Radio.Indicator = RadioIndicator;"] },
];

const sourcesUse = (dir: string, uses: RegExp) => appSources(dir).some((file) => uses.test(fs.readFileSync(file, "utf8")));

/**
 * Mantine's Radio attaches its Card and Indicator (`Radio.Card`), and so brings their code to every
 * screen with a radio button, the test page among them (1 kB gzipped; issue 26 §3 asks its first
 * screen to be at most 150 kB). A part no source of the app names is left out of Radio; one that
 * a source names stays. If Mantine writes them otherwise, Radio is left whole and the build says so.
 */
export function mantineRadioParts(sourceDir: string): Plugin {
  return {
    name: "parlance:mantine-radio-parts",
    enforce: "pre",
    transform(code, id) {
      if (!RADIO.test(id)) return null;
      let out = code;
      for (const part of PARTS) {
        if (sourcesUse(sourceDir, part.uses)) continue;
        if (!part.lines.every((line) => out.includes(line))) {
          this.warn(`Mantine's Radio no longer attaches its parts as expected: left whole (${part.lines[1]})`);
          return null;
        }
        for (const line of part.lines) out = out.replace(line, "");
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}
