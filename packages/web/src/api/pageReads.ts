import { PAGE_READS_ELEMENT_ID, type PageReads } from "@parlance/contract";

let reads: Map<string, unknown> | undefined;
/** Each answer taken from the page, with when it was read (api/pageReads.ts readAtOf). */
const readAt = new WeakMap<object, number>();

/**
 * When the page's reads were made, by this browser's clock: the server makes them just before it
 * answers the page, so as the page's answer began to arrive (as a read's answer is dated when it arrives).
 */
function pageArrivedAt(): number {
  const navigation = typeof performance === "undefined" ? undefined : (performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined);
  return navigation && navigation.responseStart > 0 ? performance.timeOrigin + navigation.responseStart : Date.now();
}

/** The answers the server wrote into this page (contract startup/page-reads.ts), read once. */
function pageReads(): Map<string, unknown> {
  if (reads) return reads;
  reads = new Map();
  const element = typeof document === "undefined" ? null : document.getElementById(PAGE_READS_ELEMENT_ID);
  if (!element?.textContent) return reads;
  try {
    for (const [url, answer] of Object.entries(JSON.parse(element.textContent) as PageReads)) reads.set(url, answer);
  } catch {
    // Unreadable: every read goes to the server, as without it.
  }
  element.remove();
  return reads;
}

/**
 * The page's own answer to this GET read, given once: the first screen's read is answered without
 * a round trip, and any later read of the same URL (a refetch, after sign-in) asks the server.
 */
export function takePageRead(url: string): unknown {
  const all = pageReads();
  const answer = all.get(url);
  all.delete(url);
  if (answer !== null && typeof answer === "object") readAt.set(answer, pageArrivedAt());
  return answer;
}

/**
 * When an answer taken from the page was read (Date.now()'s clock), undefined for any other: a
 * reading of time remaining in it is as old as the page (features/taking/flow/remote.ts).
 */
export function readAtOf(answer: unknown): number | undefined {
  return answer !== null && typeof answer === "object" ? readAt.get(answer) : undefined;
}
