import { authRoutes } from "../auth/routes.js";
import { parseLanguage } from "../common/languages.js";
import { takingListRoutes } from "../taking/list.js";
import { resumesInProgress, takingShowRoutes, type TestShowView } from "../taking/show.js";
import { takingRoutes } from "../taking/taking.js";
import { PAGE_PARTS, type PagePart } from "./page-parts.js";
import { readUrlOf, type PageReads } from "./page-reads.js";

/*
 * Which reads a page carries (server startup/page.ts). Apart from page-reads.ts, which the web
 * client imports: a module of routes' definitions the browser's first screen never needs.
 */

/** What a page's first answers lead to: more reads, and the parts of the screen they say it shows. */
export interface PageFollowUp {
  reads: string[];
  parts: PagePart[];
}

/**
 * A test in progress, opened by its address (a reload mid-test): the attempt as start_test would
 * resume it and every section, read with the page rather than after the page's code has asked
 * start_test (issue 26 §3). Each section's time remaining is then as old as the page, which the web
 * client dates by when the page arrived (api/pageReads.ts).
 */
function testInProgress(id: number, answers: PageReads): PageFollowUp {
  const show = answers[readUrlOf(takingShowRoutes.show, { id })] as TestShowView | undefined;
  if (!show || !resumesInProgress(show)) return { reads: [], parts: [] };
  const sections = Array.from({ length: show.sectionCount }, (_, i) => readUrlOf(takingRoutes.section, { id }, { section: i + 1 }));
  return { reads: [readUrlOf(takingRoutes.inProgress, { id }), ...sections], parts: [PAGE_PARTS.testInProgress] };
}

/**
 * The first reads of the screens a candidate opens on a phone (Take a Test and a test's page:
 * the web app's routes of the same paths, app/router.tsx), and the startup data every page reads;
 * then what their answers lead to. Reads only: start_test may also submit an overdue attempt, so a
 * page carries the attempt in progress by its own read, which changes nothing.
 */
const SCREEN_READS: { path: RegExp; reads: (match: RegExpMatchArray) => string[]; then?: (match: RegExpMatchArray, answers: PageReads) => PageFollowUp }[] = [
  { path: /^\/testing\/tests\/?$/, reads: () => [readUrlOf(takingListRoutes.list)] },
  {
    path: /^\/testing\/tests\/(\d{1,9})\/?$/,
    reads: (m) => [readUrlOf(takingShowRoutes.show, { id: Number(m[1]) })],
    then: (m, answers) => testInProgress(Number(m[1]), answers),
  },
];

/** The GET reads whose answers a page at this address carries: the startup data, then its screen's. */
export function pageReadsOf(pathname: string, search: string): string[] {
  // The same input as ui/startup.tsx: the language named in the address, if it is one of ours.
  const lang = parseLanguage(new URLSearchParams(search).get("lang"));
  const reads = [readUrlOf(authRoutes.startup, undefined, { lang })];
  for (const screen of SCREEN_READS) {
    const match = pathname.match(screen.path);
    if (match) reads.push(...screen.reads(match));
  }
  return reads;
}

/** What the answers of pageReadsOf lead to at this address: the reads made after them, and the parts shown. */
export function pageFollowUpOf(pathname: string, answers: PageReads): PageFollowUp {
  const out: PageFollowUp = { reads: [], parts: [] };
  for (const screen of SCREEN_READS) {
    const match = pathname.match(screen.path);
    const next = match && screen.then?.(match, answers);
    if (next) {
      out.reads.push(...next.reads);
      out.parts.push(...next.parts);
    }
  }
  return out;
}
