import { resultLogInclusion, resultLogKeys, resultLogRoutes, type LogSource, type ResultLogInclusion, type ResultLogKeys } from "@parlance/contract";
import { hrefOf } from "../../api/client";

/**
 * The result log as a browser reads it: from this site, without cookies. The log's keys are kept
 * in this browser, so a checkpoint is held against the keys seen before even if the site later
 * answered others; the proofs are checked here (contract result-log/check.ts), never trusted.
 */

const KEYS_CACHE = "parlance.resultLogKeys";

function remember(value: string): void {
  try {
    localStorage.setItem(KEYS_CACHE, value);
  } catch {
    // Private browsing or a full store: the check still runs.
  }
}
function recall(): string | null {
  try {
    return localStorage.getItem(KEYS_CACHE);
  } catch {
    return null;
  }
}

/** The log's published keys: fresh when the site answers, else the copy this browser kept. */
export async function logKeys(): Promise<ResultLogKeys | null> {
  let fresh: string | null = null;
  try {
    const res = await fetch(hrefOf(resultLogRoutes.keys, undefined), { credentials: "omit", cache: "no-cache" });
    fresh = res.ok ? await res.text() : null;
  } catch {
    fresh = null;
  }
  for (const text of [fresh, recall()]) {
    if (!text) continue;
    try {
      const keys = resultLogKeys.parse(JSON.parse(text));
      if (text === fresh) remember(text);
      return keys;
    } catch {
      // Unreadable: try the kept copy.
    }
  }
  return null;
}

/** A key's entries with their inclusion proofs; "noEntries" when the log has none, null when unreachable. */
export async function logInclusion(key: string): Promise<ResultLogInclusion | "noEntries" | null> {
  try {
    const res = await fetch(hrefOf(resultLogRoutes.inclusion, { key }), { credentials: "omit", cache: "no-cache" });
    if (res.status === 404) return "noEntries";
    return res.ok ? resultLogInclusion.parse(await res.json()) : null;
  } catch {
    return null;
  }
}

export const browserLogSource: LogSource = { keys: logKeys, inclusion: logInclusion };
