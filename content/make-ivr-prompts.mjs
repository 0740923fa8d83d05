#!/usr/bin/env node
// Regenerates the recorded prompts of the phone (IVR) tests, and of the phone sections of tests
// that continue by phone, from the `transcript` of each audio
// item: espeak-ng speaks it, sox makes a small Ogg Vorbis file (16 kHz mono, quality 0).
// Needs espeak-ng and sox (Debian: apt-get install -y espeak-ng sox).
//   node content/make-ivr-prompts.mjs            # every IVR test below
//   node content/make-ivr-prompts.mjs en-ls-ivr  # one test
// Then `npm run content:import` (or restart the demo server) stores the new version.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
/** espeak-ng voice of each IVR test's prompts (and of the phone part of a test that continues by phone). */
const VOICES = { "en-ls-ivr": "en-us", "es-ls-ivr": "es-419", "en-rs-phone": "en-us" };

const keys = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(VOICES);
const work = mkdtempSync(path.join(tmpdir(), "ivr-prompts-"));
try {
  for (const key of keys) {
    const voice = VOICES[key];
    if (!voice) throw new Error(`No voice for ${key}: add it to VOICES.`);
    const content = JSON.parse(readFileSync(path.join(here, `${key}.json`), "utf8"));
    for (const item of content.sections.flatMap((s) => s.items)) {
      if (item.kind !== "audio" || !item.transcript) continue;
      const wav = path.join(work, `${item.id}.wav`);
      execFileSync("espeak-ng", ["-v", voice, "-s", "160", "-w", wav, item.transcript]);
      const out = path.join(here, item.src);
      execFileSync("sox", [wav, "-r", "16000", "-c", "1", "-C", "0", out]);
      console.log(`${item.src}`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
