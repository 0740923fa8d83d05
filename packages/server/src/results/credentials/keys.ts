import { createCipheriv, createDecipheriv, createPrivateKey, generateKeyPairSync, hkdfSync, randomBytes, type KeyObject } from "node:crypto";
import { isNull, sql } from "drizzle-orm";
import type { PublishedJwk } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { credentialKeys } from "../../db/schema.js";

/**
 * The provider's Ed25519 signing keys (docs/verification.md "Keys and rotation"). Every server
 * process loads the public keys at start and serves them from memory, so the DID document and the
 * JWKS answer with the database unreachable; the private key of the active key is decrypted only
 * when a process signs. One key is active; rotation retires it (it stays published) and makes a
 * new one, under an advisory lock so processes starting or rotating at once never make two.
 */

/** The advisory lock of key creation and rotation (any fixed number; the startup lock is another). */
const KEY_LOCK = 7_228_028;
/** How long a process trusts its copy of the public keys before reading them again (another process may have rotated). */
const REFRESH_MS = 60_000;

interface Ring {
  keys: PublishedJwk[];
  loadedAt: number;
  /** The active key's private half, once a signature needed it. */
  signer: { kid: string; key: KeyObject } | null;
  refreshing: Promise<void> | null;
}

// One ring per database handle (each test app has its own database; a process has one).
const rings = new WeakMap<object, Ring>();

type KeyContext = Pick<AppContext, "config" | "database">;

function wrapKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "parlance-credential-keys", "aes-256-gcm", 32));
}

export function encryptPrivateKey(secret: string, pkcs8: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", wrapKey(secret), iv);
  const body = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

export function decryptPrivateKey(secret: string, stored: string): KeyObject {
  const [iv, tag, body] = stored.split(".").map((s) => Buffer.from(s, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", wrapKey(secret), iv);
  decipher.setAuthTag(tag);
  return createPrivateKey({ key: Buffer.concat([decipher.update(body), decipher.final()]), format: "der", type: "pkcs8" });
}

function newKeyRow(secret: string, now: Date) {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const jwk = publicKey.export({ format: "jwk" }) as { kty: string; crv: string; x: string };
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  return {
    kid: `key-${day}-${randomBytes(3).toString("hex")}`,
    publicJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x },
    privateKeyEnc: encryptPrivateKey(secret, privateKey.export({ format: "der", type: "pkcs8" })),
    createdAt: now,
  };
}

async function readKeys(db: Db): Promise<PublishedJwk[]> {
  const rows = await db.select().from(credentialKeys).orderBy(credentialKeys.id);
  return rows.map((r) => ({
    kty: "OKP" as const,
    crv: "Ed25519" as const,
    x: r.publicJwk.x,
    kid: r.kid,
    alg: "EdDSA" as const,
    use: "sig" as const,
    created_at: r.createdAt.toISOString(),
    retired_at: r.retiredAt?.toISOString() ?? null,
  }));
}

/** Makes the first key when there is none; every process may call it at once. */
async function ensureActiveKey(ctx: KeyContext): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
    const [active] = await tx.select({ id: credentialKeys.id }).from(credentialKeys).where(isNull(credentialKeys.retiredAt)).limit(1);
    if (!active) await tx.insert(credentialKeys).values(newKeyRow(ctx.config.credentialKeySecret, new Date()));
  });
}

/** At start (app.ts): the active key exists and the public keys are in memory. */
export async function loadKeyRing(ctx: KeyContext): Promise<void> {
  await ensureActiveKey(ctx);
  rings.set(ctx.database, { keys: await readKeys(ctx.database.db), loadedAt: Date.now(), signer: null, refreshing: null });
}

function ringOf(ctx: KeyContext): Ring {
  const ring = rings.get(ctx.database);
  if (!ring) throw new Error("credential keys are not loaded (loadKeyRing at start)");
  return ring;
}

/**
 * The published keys, from memory. A copy older than a minute is read again in the background
 * (another process may have rotated); when the database does not answer, the copy stands.
 */
export function publishedKeys(ctx: KeyContext): PublishedJwk[] {
  const ring = ringOf(ctx);
  if (Date.now() - ring.loadedAt > REFRESH_MS && !ring.refreshing) {
    ring.refreshing = readKeys(ctx.database.db)
      .then((keys) => {
        ring.keys = keys;
        ring.loadedAt = Date.now();
      })
      .catch(() => undefined)
      .finally(() => {
        ring.refreshing = null;
      });
  }
  return ring.keys;
}

/** The active key to sign with: read from the database each time, so a rotation by any process counts at once. */
export async function signingKey(ctx: KeyContext, db: Db): Promise<{ kid: string; key: KeyObject }> {
  const ring = ringOf(ctx);
  const [row] = await db.select().from(credentialKeys).where(isNull(credentialKeys.retiredAt)).limit(1);
  if (!row) throw new Error("no active credential key");
  if (ring.signer?.kid !== row.kid) {
    ring.signer = { kid: row.kid, key: decryptPrivateKey(ctx.config.credentialKeySecret, row.privateKeyEnc) };
    if (!ring.keys.some((k) => k.kid === row.kid)) {
      ring.keys = await readKeys(db);
      ring.loadedAt = Date.now();
    }
  }
  return ring.signer;
}

/** Retires the active key (it stays published) and makes a new one; answers the new key's kid. */
export async function rotateKey(ctx: KeyContext, now = new Date()): Promise<string> {
  const kid = await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
    await tx.update(credentialKeys).set({ retiredAt: now }).where(isNull(credentialKeys.retiredAt));
    const row = newKeyRow(ctx.config.credentialKeySecret, now);
    await tx.insert(credentialKeys).values(row);
    return row.kid;
  });
  const ring = rings.get(ctx.database);
  if (ring) {
    ring.keys = await readKeys(ctx.database.db);
    ring.loadedAt = Date.now();
  }
  return kid;
}
