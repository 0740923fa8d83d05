import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { desc, eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/tx.js";
import { deliveryKeys } from "../db/schema.js";

/**
 * The HPKE key pairs delivery files are sealed to (issue 27, docs/delivery-file.md): one per key
 * epoch. An attempt is given the current epoch's public key and id at start; the file names the key
 * id, so a file sealed under an epoch that has since been rotated out still opens. Private keys are
 * stored sealed with the configured DELIVERY_KEY_SECRET (AES-256-GCM), never in the clear.
 */

/** A key epoch lasts this long; the first start after it ends makes the next one. */
export const KEY_EPOCH_MS = 30 * 24 * 60 * 60_000;

export const hpkeSuite = () => new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });

export const b64url = (b: ArrayBuffer | Uint8Array) => Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)).toString("base64url");
export const fromB64url = (s: string) => new Uint8Array(Buffer.from(s, "base64url"));

function sealPrivate(secret: Buffer, key: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secret, iv);
  const ct = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([iv, ct, cipher.getAuthTag()]).toString("base64url");
}

function openPrivate(secret: Buffer, sealed: string): Uint8Array {
  const raw = Buffer.from(sealed, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", secret, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return new Uint8Array(Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]));
}

export interface PublicDeliveryKey {
  id: string;
  publicKey: string;
}

/** Makes a new key epoch now (rotation): later starts get it; files of older epochs still open. */
export async function rotateDeliveryKey(ctx: Pick<AppContext, "db" | "config">, now = new Date()): Promise<PublicDeliveryKey> {
  const suite = hpkeSuite();
  const pair = await suite.kem.generateKeyPair();
  const id = `k${now.toISOString().slice(0, 10).replace(/-/g, "")}-${randomBytes(4).toString("hex")}`;
  const publicKey = b64url(await suite.kem.serializePublicKey(pair.publicKey));
  const privateKey = new Uint8Array(await suite.kem.serializePrivateKey(pair.privateKey));
  await ctx.db.insert(deliveryKeys).values({ id, publicKey, privateKeySealed: sealPrivate(ctx.config.deliveryKeySecret, privateKey), createdAt: now });
  return { id, publicKey };
}

/** The current epoch's key, made when there is none or the newest is older than an epoch. */
export async function currentDeliveryKey(ctx: Pick<AppContext, "db" | "config">, now = new Date()): Promise<PublicDeliveryKey> {
  const [newest] = await ctx.db.select().from(deliveryKeys).orderBy(desc(deliveryKeys.createdAt)).limit(1);
  if (newest && now.getTime() - newest.createdAt.getTime() < KEY_EPOCH_MS) return { id: newest.id, publicKey: newest.publicKey };
  // Two processes rotating at once make two keys: harmless, each attempt records the one it got.
  return rotateDeliveryKey(ctx, now);
}

/** The key pair of a key id, the private key opened with the configured secret; null when unknown. */
export async function deliveryPrivateKey(db: Tx, secret: Buffer, id: string): Promise<Awaited<ReturnType<ReturnType<typeof hpkeSuite>["kem"]["deserializePrivateKey"]>> | null> {
  const [row] = await db.select().from(deliveryKeys).where(eq(deliveryKeys.id, id));
  if (!row) return null;
  return hpkeSuite().kem.deserializePrivateKey(openPrivate(secret, row.privateKeySealed).buffer as ArrayBuffer);
}

export async function deliveryPublicKey(db: Tx, id: string): Promise<string | null> {
  const [row] = await db.select({ publicKey: deliveryKeys.publicKey }).from(deliveryKeys).where(eq(deliveryKeys.id, id));
  return row?.publicKey ?? null;
}
