import { PAGE_READS_ELEMENT_ID, type PageReads } from "@parlance/contract";

let reads: Map<string, unknown> | undefined;

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
  return answer;
}
