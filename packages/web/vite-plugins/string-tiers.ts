import fs from "node:fs";
import type { Plugin } from "vite";
import { tierOf } from "../src/i18n/tiers.ts";

const TIERED_JSON = /[\\/]src[\\/]i18n[\\/][^?]*\.json\?tier=(\w+)$/;

/** `<translation file>.json?tier=<tier>` (i18n/index.ts): a module of the file's top-level sections of that tier (i18n/tiers.ts). */
export function stringTiers(): Plugin {
  return {
    name: "parlance:string-tiers",
    enforce: "pre",
    load(id) {
      const match = TIERED_JSON.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf("?"));
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
      const strings = Object.fromEntries(Object.entries(all).filter(([section]) => tierOf(section) === match[1]));
      // As Vite's JSON plugin writes a large file: JSON.parse of a string is faster to start than a literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(strings))});`;
    },
  };
}
