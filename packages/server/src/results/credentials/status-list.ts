import { gzipSync } from "node:zlib";
import { and, gte, isNotNull, lte } from "drizzle-orm";
import { STATUS_LIST_BITS, VC_CONTEXT_V2 } from "@parlance/contract";
import type { Db } from "../../db/client.js";
import { issuedCredentials } from "../../db/schema.js";
import { HttpError } from "../../http/errors.js";
import type { CredentialContext } from "./issue.js";
import { issuerDid, signCredential, statusListUrl } from "./issue.js";
import { statusCache } from "./status-cache.js";

/**
 * The W3C Bitstring Status List (revocation) of issued credentials: list n holds the credentials
 * whose row ids are n·131072+1 … (n+1)·131072, one bit each (1 = revoked), first bit the highest
 * of the first byte; GZIP, base64url with the multibase prefix "u"; signed as a VC-JWT. Each
 * process keeps the lists it served: read again after a minute or a revocation in this process,
 * and served as last signed while the database does not answer.
 */

const FRESH_MS = 60_000;
/** The bitstring's encodedList: "u" + base64url(gzip(bits)). */
export function encodeBitstring(revokedIndexes: number[], bits = STATUS_LIST_BITS): string {
  const bytes = Buffer.alloc(bits / 8);
  for (const i of revokedIndexes) bytes[i >> 3] |= 0x80 >> (i & 7);
  return `u${gzipSync(bytes).toString("base64url")}`;
}

async function signList(ctx: CredentialContext, db: Db, list: number, now: Date): Promise<string> {
  const first = list * STATUS_LIST_BITS + 1;
  const revoked = await db
    .select({ id: issuedCredentials.id })
    .from(issuedCredentials)
    .where(and(isNotNull(issuedCredentials.revokedAt), gte(issuedCredentials.id, first), lte(issuedCredentials.id, first + STATUS_LIST_BITS - 1)));
  const url = statusListUrl(ctx, list);
  const payload = {
    "@context": [VC_CONTEXT_V2],
    id: url,
    type: ["VerifiableCredential", "BitstringStatusListCredential"],
    issuer: issuerDid(ctx),
    validFrom: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
    credentialSubject: { id: `${url}#list`, type: "BitstringStatusList", statusPurpose: "revocation", encodedList: encodeBitstring(revoked.map((r) => r.id - first)) },
  };
  return (await signCredential(ctx, db, payload)).jwt;
}

export async function statusListJwt(ctx: CredentialContext, list: number, now = new Date()): Promise<string> {
  const cache = statusCache(ctx);
  const held = cache.get(list);
  if (held && now.getTime() - held.at < FRESH_MS) return held.jwt;
  try {
    const jwt = await signList(ctx, ctx.database.db, list, now);
    cache.set(list, { jwt, at: now.getTime() });
    return jwt;
  } catch (err) {
    if (held) return held.jwt;
    throw err instanceof HttpError ? err : new HttpError(503, "The credential status list could not be loaded.", "specMessages.credentialStatusFailure");
  }
}
