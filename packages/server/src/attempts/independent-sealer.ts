import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";

/**
 * An independent writer of delivery files, for tests only: written from docs/delivery-file.md
 * alone, on Node's WebCrypto and @hpke/core, importing nothing of Parlance (not the contract's
 * encodings, not the web app's sealer), so the server accepting its files checks the document.
 */

export interface Setup {
  attempt_id: number;
  candidate_id: number;
  test_id: number;
  key_id: string;
  public_key: string;
  secret: string;
}

export interface Change {
  item: string;
  response: string;
  seq: number;
  t: number;
}

const te = new TextEncoder();
const b64url = (b: Uint8Array) => Buffer.from(b).toString("base64url");
const sha256hex = async (text: string) => Buffer.from(await crypto.subtle.digest("SHA-256", te.encode(text))).toString("hex");

/** The chain of the document's §4: genesis, then each event's hash the next one's prev. */
export async function chainOf(attemptId: number, changes: Change[], from?: { prev: string }) {
  let prev = from?.prev ?? (await sha256hex(`parlance-journal/1\n${attemptId}`));
  const events = [];
  for (const c of changes) {
    const event = { seq: c.seq, item: c.item, response: c.response, t: c.t, prev };
    events.push(event);
    prev = await sha256hex(`${prev}\n${c.seq}\n${c.t}\n${c.item}\n${c.response}`);
  }
  return { events, head: prev };
}

export interface SealOptions {
  /** Seal for these ids in the AAD and envelope instead (another attempt's file). */
  ids?: { attempt_id: number; candidate_id: number; test_id: number };
  /** MAC with this secret instead (someone without the candidate's secret). */
  secret?: string;
  submitted?: boolean;
}

/** The file's text (document §2–§6). */
export async function sealFile(setup: Setup, events: { seq: number; item: string; response: string; t: number; prev: string }[], head: string, o: SealOptions = {}): Promise<string> {
  const ids = o.ids ?? { attempt_id: setup.attempt_id, candidate_id: setup.candidate_id, test_id: setup.test_id };
  const aad = te.encode(`parlance-delivery-file/1\nkey=${setup.key_id}\nattempt=${ids.attempt_id}\ncandidate=${ids.candidate_id}\ntest=${ids.test_id}`);
  const submitted = o.submitted ?? false;
  const macKey = await crypto.subtle.importKey("raw", Buffer.from(o.secret ?? setup.secret, "base64url"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", macKey, Buffer.concat([aad, te.encode(`\n${head}\n${submitted ? 1 : 0}`)])));
  const plaintext = te.encode(JSON.stringify({ events, head, submitted, mac: b64url(mac) }));
  const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
  const recipientPublicKey = await suite.kem.deserializePublicKey(new Uint8Array(Buffer.from(setup.public_key, "base64url")).buffer);
  const { ct, enc } = await suite.seal({ recipientPublicKey, info: te.encode("parlance-delivery-file/1").buffer }, plaintext.buffer, aad.buffer);
  return JSON.stringify({
    format: "parlance-delivery-file",
    version: 1,
    kem: 16,
    kdf: 1,
    aead: 1,
    key_id: setup.key_id,
    ...ids,
    sealed_at: new Date().toISOString(),
    enc: b64url(new Uint8Array(enc)),
    ciphertext: b64url(new Uint8Array(ct)),
  });
}

/**
 * The receipt of docs/delivery-file.md §7.1, from the document alone: SHA-256 over the attempt id,
 * the answers' digest (the recorded answers in content order as JSON), the chain head and the
 * number of events on the chain, as five labelled lines.
 */
export async function receiptOf(attemptId: number, answers: [string, string][], chain: { head: string; events: number }): Promise<string> {
  const digest = await sha256hex(JSON.stringify(answers));
  return sha256hex(`parlance-receipt/1\nattempt=${attemptId}\nanswers=${digest}\nhead=${chain.head}\nevents=${chain.events}`);
}
