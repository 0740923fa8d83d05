import fs from "node:fs";
import path from "node:path";
import type { OutputBundle, OutputChunk } from "rolldown";
import type { Plugin } from "vite";
import { PAGE_PARTS, type PagePart } from "../../contract/src/startup/page-parts.ts";

/** What the server reads to name, in a page's HTML, the files of the screen at its address (server startup/page.ts). */
export const FIRST_SCREENS_FILE = "first-screens.json";

export interface FirstScreen {
  /** The route's path as app/router.tsx writes it (`:name` for a parameter). */
  path: string;
  /** The screen's code: its chunk with what it imports, the react-query chunk and Mantine's theme when it uses them. */
  scripts: string[];
  styles: string[];
  /** Its string tiers' chunks, by language. */
  strings: Record<string, string[]>;
}

/** The code of each part a page's answers may say its screen shows at once (contract PAGE_PARTS). */
const PARTS: Record<PagePart, string> = { [PAGE_PARTS.testInProgress]: "src/features/taking/flow/TestInProgress.tsx" };

const ALL_TIERS = ["entry", "account", "taking", "flow", "stages", "history", "rest"];
const QUERIES = "src/api/queries.tsx";
const THEME = "src/ui/ThemeProvider.tsx";
const STRINGS = /[\\/]src[\\/]i18n[\\/](?:parts[\\/][^/\\]+\.)?([\w-]+)\.json\?tier=(\w+)$/;

interface Needs {
  tiers: string[];
  queries: boolean;
  mantine: boolean;
}

/**
 * The screens of app/router.tsx as its lines write them: `{ path: "…", … element: page(() =>
 * import("../…"), needs) }`, or `element: name()` for `const name = () => page(…)`. A screen whose
 * table line is written otherwise (the settings lists) gets no hints: it is drawn as before.
 */
export function screensOfRouter(source: string): { path: string; module: string; needs: Needs }[] {
  const named = new Map<string, Needs>(
    [...source.matchAll(/const (\w+): ScreenNeeds = \{([^}]*)\}/g)].map((m) => {
      const strings = /strings: \[([^\]]*)\]/.exec(m[2]!)?.[1];
      const tiers = strings === undefined ? ALL_TIERS : [...strings.matchAll(/"(\w+)"/g)].map((t) => t[1]!);
      return [m[1]!, { tiers, queries: !/queries: false/.test(m[2]!), mantine: !/mantine: false/.test(m[2]!) }];
    }),
  );
  const pageOf = (text: string) => {
    const m = /page\(\(\) => import\("\.\.\/([^"]+)"\)(?:, (\w+))?\)/.exec(text);
    if (!m) return null;
    const needs = m[2] ? named.get(m[2]) : { tiers: ALL_TIERS, queries: true, mantine: true };
    if (!needs) throw new Error(`app/router.tsx: no ScreenNeeds named ${m[2]}`);
    return { module: `src/${m[1]}.tsx`, needs };
  };
  const factories = new Map([...source.matchAll(/const (\w+) = \(\) => (page\(.*\));/g)].map((m) => [m[1]!, pageOf(m[2]!)]));
  const screens: { path: string; module: string; needs: Needs }[] = [];
  for (const line of source.split("\n")) {
    const at = /\{ path: "([^"]+)".*element: (?:(page\(.*\))|(\w+)\(\)) \}/.exec(line);
    const found = at && (at[2] ? pageOf(at[2]) : factories.get(at[3]!));
    if (at && found) screens.push({ path: at[1]!, ...found });
  }
  return screens;
}

/**
 * Writes first-screens.json: for each screen of the route table, the files its first screen
 * downloads after the shell (issue 26 §3). The server names them in the page's HTML as module
 * preloads, so that they download alongside the shell instead of after it has run.
 */
export function firstScreens(): Plugin {
  let root = "";
  return {
    name: "parlance:first-screens",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === "chunk");
      // A module's chunk: its own, or the group's it went into (vite.config.ts codeSplitting).
      const byModule = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [path.relative(root, id).split(path.sep).join("/"), c] as const)));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (chunk: OutputChunk | undefined, scripts: Set<string>, styles: Set<string>) => {
        if (!chunk || chunk.isEntry || scripts.has(chunk.fileName)) return;
        scripts.add(chunk.fileName);
        for (const css of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) styles.add(css);
        for (const imported of chunk.imports) closure(byFile.get(imported), scripts, styles);
      };
      const strings = new Map<string, OutputChunk[]>(); // "<language> <tier>"
      for (const c of chunks) {
        const m = c.facadeModuleId ? STRINGS.exec(c.facadeModuleId) : null;
        if (m) strings.set(`${m[1]} ${m[2]}`, [...(strings.get(`${m[1]} ${m[2]}`) ?? []), c]);
      }
      const languages = [...new Set([...strings.keys()].map((k) => k.split(" ")[0]!))];
      const source = fs.readFileSync(path.join(root, "src/app/router.tsx"), "utf8");
      const screens: FirstScreen[] = screensOfRouter(source).map(({ path: route, module, needs }) => {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const page = byModule.get(module);
        if (!page) throw new Error(`first-screens: ${module} (${route}) is in no chunk`);
        closure(page, scripts, styles);
        if (needs.queries) closure(byModule.get(QUERIES), scripts, styles);
        if (needs.mantine) closure(byModule.get(THEME), scripts, styles);
        const byLanguage = Object.fromEntries(
          languages.map((language) => {
            const files = new Set<string>();
            for (const tier of needs.tiers) for (const c of strings.get(`${language} ${tier}`) ?? []) closure(c, files, styles);
            return [language, [...files].filter((f) => !scripts.has(f))];
          }),
        );
        return { path: route, scripts: [...scripts], styles: [...styles], strings: byLanguage };
      });
      const parts = Object.fromEntries(
        Object.entries(PARTS).map(([name, module]) => {
          const scripts = new Set<string>();
          const styles = new Set<string>();
          if (!byModule.get(module)) throw new Error(`first-screens: ${module} (part ${name}) is in no chunk`);
          closure(byModule.get(module), scripts, styles);
          return [name, { scripts: [...scripts], styles: [...styles] }];
        }),
      );
      this.emitFile({ type: "asset", fileName: FIRST_SCREENS_FILE, source: JSON.stringify({ screens, parts }) });
    },
  };
}
