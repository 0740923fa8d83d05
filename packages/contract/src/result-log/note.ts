import { fromBase64, sameHash, toBase64, toHex, type Hash } from "./merkle.js";
import { sha256 } from "./sha256.js";

/**
 * Signed checkpoints in the C2SP formats: a checkpoint (c2sp.org/tlog-checkpoint) is a signed
 * note (c2sp.org/signed-note) whose text is the log's origin, its tree size and its root hash in
 * base64, each on a line; we add one extension line, `time <ISO 8601 with ms>`, when the log
 * signed it. Signature line: "— <key name> base64(key ID ‖ Ed25519 signature)", the key ID being
 * SHA-256(name ‖ 0x0A ‖ 0x01 ‖ public key)[:4]. A verifier key is written as Go's
 * golang.org/x/mod/sumdb/note does: "<name>+<key ID hex>+<base64(0x01 ‖ public key)>".
 *
 * Checking uses WebCrypto's Ed25519 (browsers, Node 20), so the browser and the command line run
 * exactly this code.
 */

const ED25519 = 0x01;
const enc = new TextEncoder();

export interface Checkpoint {
  origin: string;
  size: number;
  root: Hash;
  /** When the log signed it (ISO 8601, ms). */
  time: string;
}

export function checkpointText(c: Checkpoint): string {
  return `${c.origin}\n${c.size}\n${toBase64(c.root)}\ntime ${c.time}\n`;
}

/** The checkpoint a note's text states, or null when the text is not one of ours. */
export function parseCheckpointText(text: string): Checkpoint | null {
  const lines = text.split("\n");
  if (lines.length !== 5 || lines[4] !== "") return null;
  const [origin, size, root, time] = lines;
  if (!origin || !/^(0|[1-9][0-9]*)$/.test(size) || !time.startsWith("time ")) return null;
  let rootBytes: Uint8Array;
  try {
    rootBytes = fromBase64(root);
  } catch {
    return null;
  }
  const at = time.slice(5);
  if (rootBytes.length !== 32 || Number.isNaN(Date.parse(at)) || !Number.isSafeInteger(Number(size))) return null;
  return { origin, size: Number(size), root: rootBytes, time: at };
}

export function keyIdOf(name: string, publicKey: Uint8Array): Uint8Array {
  const data = new Uint8Array([...enc.encode(name), 0x0a, ED25519, ...publicKey]);
  return sha256(data).slice(0, 4);
}

export interface VerifierKey {
  name: string;
  keyId: Uint8Array;
  publicKey: Uint8Array;
}

export const verifierKeyText = (name: string, publicKey: Uint8Array): string => `${name}+${toHex(keyIdOf(name, publicKey))}+${toBase64(Uint8Array.of(ED25519, ...publicKey))}`;

/** A verifier key from its text, or null when it is malformed or its ID does not match the key. */
export function parseVerifierKey(text: string): VerifierKey | null {
  // name+id+key: the name has no "+", the key's base64 may.
  const m = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/]+={0,2})$/.exec(text);
  if (!m) return null;
  let raw: Uint8Array;
  try {
    raw = fromBase64(m[3]);
  } catch {
    return null;
  }
  if (raw.length !== 33 || raw[0] !== ED25519) return null;
  const publicKey = raw.slice(1);
  const keyId = keyIdOf(m[1], publicKey);
  return toHex(keyId) === m[2] ? { name: m[1], keyId, publicKey } : null;
}

/** The note with one signature line added (sign the text with the key's Ed25519 private key). */
export function signedNote(text: string, key: Pick<VerifierKey, "name" | "keyId">, signature: Uint8Array): string {
  return `${text}\n— ${key.name} ${toBase64(new Uint8Array([...key.keyId, ...signature]))}\n`;
}

interface NoteSignature {
  name: string;
  keyId: Uint8Array;
  signature: Uint8Array;
}

/** A note's text and signature lines, split at its last blank line; null when it is not a note. */
export function splitNote(note: string): { text: string; signatures: NoteSignature[] } | null {
  if (!note.endsWith("\n")) return null;
  const cut = note.lastIndexOf("\n\n");
  if (cut < 0) return null;
  const text = note.slice(0, cut + 1);
  const signatures: NoteSignature[] = [];
  for (const line of note.slice(cut + 2, -1).split("\n")) {
    const m = /^\u2014 (\S+) (\S+)$/.exec(line);
    if (!m) return null;
    let raw: Uint8Array;
    try {
      raw = fromBase64(m[2]);
    } catch {
      return null;
    }
    if (raw.length < 5) return null;
    signatures.push({ name: m[1], keyId: raw.slice(0, 4), signature: raw.slice(4) });
  }
  return signatures.length ? { text, signatures } : null;
}

async function ed25519Verify(publicKey: Uint8Array, signature: Uint8Array, data: Uint8Array): Promise<boolean> {
  try {
    // Copies: WebCrypto takes ArrayBuffer-backed views.
    const key = await crypto.subtle.importKey("raw", new Uint8Array(publicKey), { name: "Ed25519" }, false, ["verify"]);
    return await crypto.subtle.verify({ name: "Ed25519" }, key, new Uint8Array(signature), new Uint8Array(data));
  } catch {
    return false;
  }
}

export type NoteCheck =
  | { ok: true; text: string; key: VerifierKey }
  | { ok: false; reason: "malformed" | "unknownKey" | "badSignature" };

/**
 * Checks a note against trusted keys as c2sp.org/signed-note says: signatures of unknown keys are
 * ignored, a known key's signature must verify, and at least one must.
 */
export async function verifyNote(note: string, keys: readonly VerifierKey[]): Promise<NoteCheck> {
  const split = splitNote(note);
  if (!split) return { ok: false, reason: "malformed" };
  let good: VerifierKey | null = null;
  for (const sig of split.signatures) {
    const key = keys.find((k) => k.name === sig.name && sameHash(k.keyId, sig.keyId));
    if (!key) continue;
    if (!(await ed25519Verify(key.publicKey, sig.signature, enc.encode(split.text)))) return { ok: false, reason: "badSignature" };
    good = key;
  }
  return good ? { ok: true, text: split.text, key: good } : { ok: false, reason: "unknownKey" };
}

export type CheckpointCheck = { ok: true; checkpoint: Checkpoint; key: VerifierKey } | { ok: false; reason: "malformed" | "unknownKey" | "badSignature" | "wrongOrigin" };

/** A signed checkpoint checked against the log's keys (and its origin, when given). */
export async function verifyCheckpoint(note: string, keys: readonly VerifierKey[], origin?: string): Promise<CheckpointCheck> {
  const checked = await verifyNote(note, keys);
  if (!checked.ok) return checked;
  const checkpoint = parseCheckpointText(checked.text);
  if (!checkpoint) return { ok: false, reason: "malformed" };
  if (origin !== undefined && checkpoint.origin !== origin) return { ok: false, reason: "wrongOrigin" };
  return { ok: true, checkpoint, key: checked.key };
}
