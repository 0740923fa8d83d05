import { describe, expect, it } from "vitest";
import { checkpointText, parseVerifierKey, verifierKeyText, verifyCheckpoint } from "@parlance/contract";
import type { ResultLogConfig } from "../config.js";
import { logKeys } from "./keys.js";

/** Checkpoints signed by the server's key (node:crypto) and checked by the contract's code (WebCrypto), across a key rotation. */
const ORIGIN = "portal.example/result-log";
const config = (seedByte: number, oldKeys: string[] = []): ResultLogConfig => ({ seed: Buffer.alloc(32, seedByte).toString("base64"), oldKeys, origin: ORIGIN });
const text = (size: number) => checkpointText({ origin: ORIGIN, size, root: new Uint8Array(32).fill(size), time: "2026-11-28T17:00:00.000Z" });

describe("log keys", () => {
  it("sign C2SP checkpoint notes that the published verifier key checks", async () => {
    const keys = logKeys(config(1));
    const note = keys.signNote(text(5));
    expect(note).toMatch(new RegExp(`^${ORIGIN}\\n5\\n[A-Za-z0-9+/]{43}=\\ntime 2026-11-28T17:00:00.000Z\\n\\n\u2014 ${ORIGIN} [A-Za-z0-9+/]+=*\\n$`));
    const published = keys.published.keys.map((k) => parseVerifierKey(k.verifierKey)!);
    const checked = await verifyCheckpoint(note, published, ORIGIN);
    expect(checked.ok && checked.checkpoint.size).toBe(5);
    expect(await verifyCheckpoint(note.replace("\n5\n", "\n6\n"), published)).toEqual({ ok: false, reason: "badSignature" });
    expect(await verifyCheckpoint(note, published, "other.example/log")).toEqual({ ok: false, reason: "wrongOrigin" });
    expect(await verifyCheckpoint(logKeys(config(2)).signNote(text(5)), published)).toEqual({ ok: false, reason: "unknownKey" });
  });

  it("after a rotation, checkpoints of the retired key still verify and the new key signs", async () => {
    const before = logKeys(config(3));
    const oldNote = before.signNote(text(7));
    const retired = verifierKeyText(before.current.name, before.current.publicKey);
    const after = logKeys(config(4, [retired]));
    expect(after.published.keys.map((k) => [k.verifierKey === retired, k.current])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect((await verifyCheckpoint(oldNote, after.trusted)).ok).toBe(true);
    expect((await verifyCheckpoint(after.signNote(text(8)), after.trusted)).ok).toBe(true);
    expect(() => logKeys({ ...config(5), oldKeys: ["nonsense"] })).toThrow(/RESULT_LOG_OLD_KEYS/);
  });

  it("uses the public development key without RESULT_LOG_KEY, the same in every process", () => {
    const a = logKeys({ seed: null, oldKeys: [], origin: ORIGIN });
    const b = logKeys({ seed: null, oldKeys: [], origin: ORIGIN });
    expect(a.isDevelopmentKey).toBe(true);
    expect(a.published).toEqual(b.published);
  });
});
