import type { RouteDef } from "../route.js";
import { authRoutes } from "../auth/routes.js";
import { parseLanguage } from "../common/languages.js";
import { takingListRoutes } from "../taking/list.js";
import { takingShowRoutes } from "../taking/show.js";

/**
 * A page's first reads answered inside the page itself (issue 26 §3): on a phone each read the
 * screen makes after its code has run is one more round trip before anything is drawn. The server
 * makes these GET reads for the page's request, as the browser would with the same cookies, and
 * writes each 200 answer into the HTML; the web client's `call` takes an answer from there once,
 * instead of asking again. Anything not answered there (a refusal, a failure) is asked as before.
 */
export const PAGE_READS_ELEMENT_ID = "parlance-page-reads";

/** The reads written into a page: each GET read's URL, exactly as the web client asks it, and its answer. */
export type PageReads = Record<string, unknown>;

/** The URL of a GET read as the web client's `call` asks it: the path with its params, the input as the query. */
export function readUrlOf(route: Pick<RouteDef, "path">, params?: Record<string, unknown>, input?: Record<string, unknown>): string {
  const url = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input ?? {})) if (v !== undefined && v !== null) query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * The first reads of the screens a candidate opens on a phone (Take a Test and a test's page:
 * the web app's routes of the same paths, app/router.tsx), and the startup data every page reads.
 * Reads only: start_test resumes an attempt but may also submit an overdue one, so it stays the
 * browser's. Nor a test's sections: each carries the time remaining, which the page's clock takes
 * as read when it arrives (flow/TestInProgress.tsx), and written into the page it would be as old
 * as the page's download.
 */
const SCREEN_READS: { path: RegExp; reads: (match: RegExpMatchArray) => string[] }[] = [
  { path: /^\/testing\/tests\/?$/, reads: () => [readUrlOf(takingListRoutes.list)] },
  { path: /^\/testing\/tests\/(\d{1,9})\/?$/, reads: (m) => [readUrlOf(takingShowRoutes.show, { id: Number(m[1]) })] },
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
