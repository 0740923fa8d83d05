import {
  checkCredential,
  credentialFromText,
  credentialRoutes,
  didWebOf,
  jwkSet,
  logInclusionCheck,
  pdfAttachments,
  VC_JWT_MEDIA_TYPE,
  type CredentialReport,
  type JwkSet,
  type VerifyEnv,
} from "@parlance/contract";
import { hrefOf } from "../../../api/client";
import { browserLogSource } from "../../result-log";

/**
 * The verify page's checks, entirely in the browser: the credential's Ed25519 signature against
 * the provider's published keys (fetched from this site without cookies, so no session lookup,
 * and kept in this browser so a later check works with the server down), the issuer key and the
 * revocation status list. Nothing of the credential is sent anywhere.
 */

const KEYS_CACHE = "parlance.credentialKeys";
const LIST_CACHE = "parlance.credentialStatus.";

function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private browsing or a full store: the check still runs, it only cannot be kept.
  }
}
function recall(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

async function fetchText(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { credentials: "omit", cache: "no-cache" });
    return res.ok ? await res.text() : null;
  } catch {
    return null;
  }
}

/** The published keys: fresh when the site answers, else the copy this browser kept. */
export async function publishedKeys(): Promise<JwkSet | null> {
  const fresh = await fetchText(hrefOf(credentialRoutes.jwks, undefined));
  for (const text of [fresh, recall(KEYS_CACHE)]) {
    if (!text) continue;
    try {
      const keys = jwkSet.parse(JSON.parse(text));
      if (text === fresh) remember(KEYS_CACHE, text);
      return keys;
    } catch {
      // Unreadable: try the kept copy.
    }
  }
  return null;
}

/** A status list of this site only (a credential cannot send the browser elsewhere). */
async function statusList(url: string): Promise<string | null> {
  const u = new URL(url, window.location.origin);
  const list = /^\/credentials\/status\/(\d+)$/.exec(u.pathname);
  if (u.origin !== window.location.origin || !list) return null;
  const fresh = await fetchText(hrefOf(credentialRoutes.statusList, { list: Number(list[1]) }));
  if (fresh) remember(LIST_CACHE + list[1], fresh);
  return fresh ?? recall(LIST_CACHE + list[1]);
}

export function browserEnv(): VerifyEnv {
  return { issuer: didWebOf(window.location.origin), keys: publishedKeys, statusList, logInclusion: logInclusionCheck(browserLogSource) };
}

/** The credentials in a file: a result PDF's attachments (a certificate has one a result), or a .jwt / .json file. */
export async function credentialsFromFile(file: File): Promise<string[]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isPdf = bytes.length > 4 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-";
  if (!isPdf) {
    const jwt = await credentialFromText(new TextDecoder().decode(bytes));
    return jwt ? [jwt] : [];
  }
  const found: string[] = [];
  for (const f of await pdfAttachments(bytes)) {
    if (f.subtype !== null && f.subtype !== VC_JWT_MEDIA_TYPE) continue;
    const jwt = await credentialFromText(new TextDecoder().decode(f.data));
    if (jwt && !found.includes(jwt)) found.push(jwt);
  }
  return found;
}

export const checkInBrowser = (jwt: string): Promise<CredentialReport> => checkCredential(jwt, browserEnv());
