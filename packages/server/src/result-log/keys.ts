import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from "node:crypto";
import { keyIdOf, parseVerifierKey, signedNote, toBase64, toHex, verifierKeyText, type ResultLogKeys, type VerifierKey } from "@parlance/contract";
import type { ResultLogConfig } from "../config.js";

/**
 * The log's signing key (RESULT_LOG_KEY, an Ed25519 seed) and the keys it publishes: the current
 * one and every retired one (RESULT_LOG_OLD_KEYS), so a checkpoint signed before a rotation still
 * verifies. Without RESULT_LOG_KEY the development key signs: its seed is written here, so
 * anybody could sign as it — a production server must set its own.
 */

const DEV_SEED = createHash("sha256").update("parlance development result log key").digest();
// PKCS #8 wrapping of a raw Ed25519 seed (RFC 8410): node:crypto imports private keys this way.
const PKCS8_ED25519 = Buffer.from("302e020100300506032b657004220420", "hex");

export interface LogKeys {
  origin: string;
  /** The key that signs new checkpoints. */
  current: VerifierKey;
  /** Every key a checkpoint of this log may carry: the current one first. */
  trusted: VerifierKey[];
  published: ResultLogKeys;
  isDevelopmentKey: boolean;
  /** The checkpoint text as a signed note. */
  signNote(text: string): string;
}

function publicKeyOf(privateKey: KeyObject): Uint8Array {
  const jwk = createPublicKey(privateKey).export({ format: "jwk" });
  return new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"));
}

const cache = new WeakMap<ResultLogConfig, LogKeys>();

export function logKeys(config: ResultLogConfig): LogKeys {
  const known = cache.get(config);
  if (known) return known;
  const seed = config.seed ? Buffer.from(config.seed, "base64") : DEV_SEED;
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: "der", type: "pkcs8" });
  const publicKey = publicKeyOf(privateKey);
  const current: VerifierKey = { name: config.origin, keyId: keyIdOf(config.origin, publicKey), publicKey };
  const old = config.oldKeys.map((text) => {
    const key = parseVerifierKey(text);
    if (!key) throw new Error(`Invalid configuration:\n  RESULT_LOG_OLD_KEYS: "${text}" is not a verifier key (name+keyid+base64 key)`);
    return key;
  });
  const trusted = [current, ...old.filter((k) => toHex(k.keyId) !== toHex(current.keyId) || k.name !== current.name)];
  const keys: LogKeys = {
    origin: config.origin,
    current,
    trusted,
    isDevelopmentKey: !config.seed,
    published: {
      origin: config.origin,
      keys: trusted.map((k, i) => ({ verifierKey: verifierKeyText(k.name, k.publicKey), name: k.name, keyId: toHex(k.keyId), publicKey: toBase64(k.publicKey), current: i === 0 })),
    },
    signNote: (text) => signedNote(text, current, new Uint8Array(sign(null, Buffer.from(text, "utf8"), privateKey))),
  };
  cache.set(config, keys);
  return keys;
}
