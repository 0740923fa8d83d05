import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LANGUAGE } from "@parlance/contract";

/** A screen's files as the web build lists them (packages/web/vite-plugins/first-screens.ts). */
interface FirstScreen {
  path: string;
  scripts: string[];
  styles: string[];
  strings: Record<string, string[]>;
}

/** A part of a screen that its page's answers may say it shows at once (contract PAGE_PARTS): its own code and styles. */
interface PartFiles {
  scripts: string[];
  styles: string[];
}

const FILE = "first-screens.json";

/** How many of the route's segments are written out rather than `:name`: the most specific route wins, as in the web app's router. */
function matcher(route: string): { test: (parts: string[]) => boolean; literal: number } | null {
  if (route.includes("*")) return null;
  const segments = route.split("/").filter(Boolean);
  return {
    literal: segments.filter((s) => !s.startsWith(":")).length,
    test: (parts) => parts.length === segments.length && segments.every((s, i) => s.startsWith(":") || s === parts[i]),
  };
}

/** Only the build's own names go into a link (they are written into HTML). */
const SAFE_FILE = /^assets\/[\w.-]+\.(js|css)$/;

/**
 * The links that start a screen's files with the page (issue 26 §3): its code and strings as
 * module preloads, its styles as preloads. Without them a phone asks for each only once the shell
 * has downloaded and run, one round trip and more after the page. An unknown page, or a build
 * without the list, gets none and is drawn as before.
 */
export function firstScreensOf(webDist: string): { linksFor: (pathname: string, language?: string, parts?: string[]) => string } {
  const file = path.join(webDist, FILE);
  const listed = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as { screens: FirstScreen[]; parts: Record<string, PartFiles> } | FirstScreen[]) : [];
  // A build of before the parts listed its screens alone: its pages get their screens' hints.
  const { screens, parts: partFiles } = Array.isArray(listed) ? { screens: listed, parts: {} as Record<string, PartFiles> } : listed;
  const routes = screens.flatMap((screen) => {
    const m = matcher(screen.path);
    return m ? [{ screen, ...m }] : [];
  });
  routes.sort((a, b) => b.literal - a.literal);
  return {
    linksFor(pathname, language = DEFAULT_LANGUAGE, shown = []) {
      const segments = pathname.split("/").filter(Boolean);
      const found = routes.find((r) => r.test(segments))?.screen;
      if (!found) return "";
      const more = shown.flatMap((name) => (Object.hasOwn(partFiles, name) ? [partFiles[name]!] : []));
      const unique = (files: string[]) => [...new Set(files)].filter((f) => SAFE_FILE.test(f));
      const scripts = unique([...found.scripts, ...(found.strings[language] ?? found.strings[DEFAULT_LANGUAGE] ?? []), ...more.flatMap((p) => p.scripts)]);
      const styles = unique([...found.styles, ...more.flatMap((p) => p.styles)]);
      return [
        ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ...styles.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
      ].join("");
    },
  };
}
