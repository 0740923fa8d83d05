import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_ARGS } from "./browser";
import { copyDataDir, startServer, type RunningServer } from "./server";

/**
 * A server of the file's own and a Chromium whose fake microphone says `sentence` (a WAV of real
 * speech made by espeak-ng, then `silenceSeconds` of silence, looped), for the phone tests: the web
 * call and the developer phone. Call at the top of a test file; it starts both in beforeAll and
 * stops them in afterAll.
 */
export function useFakeMicrophone(sentence: string, silenceSeconds = 0) {
  const state = {} as { server: RunningServer; browser: Browser; work: string };

  beforeAll(async () => {
    state.work = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-microphone-"));
    const speech = path.join(state.work, "speech.wav");
    execFileSync("espeak-ng", ["-v", "en-us", "-s", "160", "-w", speech, sentence]);
    let heard = speech;
    if (silenceSeconds > 0) {
      heard = path.join(state.work, "padded.wav");
      execFileSync("sox", [speech, heard, "pad", "0", String(silenceSeconds)]);
    }
    state.server = await startServer({ dataDir: copyDataDir(inject("seededDataDir")) });
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [...CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-audio-capture=${heard}`, "--autoplay-policy=no-user-gesture-required"],
    });
  }, 180_000);

  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
    if (state.work) fs.rmSync(state.work, { recursive: true, force: true });
  });

  return {
    get server() {
      return state.server;
    },
    /** A new page on the file's server, `width` px wide, in Eastern time. */
    async pageAt(width = 1280): Promise<Page> {
      const context = await state.browser.newContext({ baseURL: state.server.url, viewport: { width, height: 900 }, locale: "en-US", timezoneId: "America/New_York", reducedMotion: "reduce" });
      context.setDefaultTimeout(20_000);
      return context.newPage();
    },
  };
}
