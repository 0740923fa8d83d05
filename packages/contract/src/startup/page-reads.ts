import type { RouteDef } from "../route.js";

export { PAGE_PARTS, type PagePart } from "./page-parts.js";

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
