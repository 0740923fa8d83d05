import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import {
  aadOf,
  DELIVERY_FORMAT,
  DELIVERY_INFO,
  DELIVERY_SUITE,
  DELIVERY_VERSION,
  deliveryFileName,
  macInput,
  type DeliveryEnvelope,
  type JournalEvent,
  type JournalSetup,
} from "@parlance/contract";

/**
 * Seals a journal into a delivery file (docs/delivery-file.md): HPKE base mode, DHKEM(P-256) +
 * HKDF-SHA256 + AES-128-GCM on WebCrypto, to the key epoch's public key start_test gave, with the
 * attempt, candidate and test ids as associated data, and the chain head MACed with the attempt's
 * secret. Only the server holds the private key, so only it can open the file.
 */

const b64url = (bytes: Uint8Array) => {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};
const fromB64url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const bufferOf = (u: Uint8Array) => u.buffer.slice(u.byteOffset, u.byteOffset + u.byteLength) as ArrayBuffer;

export async function sealJournal(setup: JournalSetup, chain: { events: JournalEvent[]; head: string }, submitted: boolean): Promise<{ name: string; text: string }> {
  const ids = { key_id: setup.key_id, attempt_id: setup.attempt_id, candidate_id: setup.candidate_id, test_id: setup.test_id };
  const aad = aadOf(ids);
  const macKey = await crypto.subtle.importKey("raw", bufferOf(fromB64url(setup.secret)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", macKey, bufferOf(macInput(aad, chain.head, submitted))));
  const plaintext = new TextEncoder().encode(JSON.stringify({ events: chain.events, head: chain.head, submitted, mac: b64url(mac) }));
  const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
  const recipientPublicKey = await suite.kem.deserializePublicKey(bufferOf(fromB64url(setup.public_key)));
  const { ct, enc } = await suite.seal({ recipientPublicKey, info: bufferOf(new TextEncoder().encode(DELIVERY_INFO)) }, bufferOf(plaintext), bufferOf(aad));
  const envelope: DeliveryEnvelope = {
    format: DELIVERY_FORMAT,
    version: DELIVERY_VERSION,
    ...DELIVERY_SUITE,
    ...ids,
    sealed_at: new Date().toISOString(),
    enc: b64url(new Uint8Array(enc)),
    ciphertext: b64url(new Uint8Array(ct)),
  };
  return { name: deliveryFileName(setup.code, setup.test_id), text: JSON.stringify(envelope) };
}

/** Hands the file to the browser's downloads (every browser: an object URL and a download link). */
export function downloadFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/octet-stream" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
