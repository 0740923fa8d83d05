import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, signIn } from "./support/browser";
import { useFakeMicrophone } from "./support/fake-microphone";
import { apiSession, assignTestNamed, newBostonCandidate } from "./support/api-session";
import { signInWithCode } from "./support/candidate-test";

/**
 * A phone test taken as a web call (issue 15 points 2, 5, 6): the candidate starts the devices,
 * plays the test sound, begins the call, hears the recorded prompts, asks for a repeat, answers two
 * questions into Chromium's fake microphone (a WAV of real speech made by espeak-ng: about two
 * seconds of speech, then silence, looped), and ends the call through its confirm dialog. The
 * responses are stored as WebM audio and the English evaluator plays them on the scoring page. On a
 * server of its own: the scored test would change the evaluator's list for the other files.
 */

const poll = expect.poll;
const own = useFakeMicrophone("My name is Ivy Lopez and I work as a nurse.", 4.5);
const pageAt = own.pageAt;

const level = (page: Page, name: string) => page.getByRole("meter", { name }).evaluate((el) => Number(el.getAttribute("aria-valuenow")));
/** The call state's word (after its icon). */
const callState = (page: Page) => page.getByTestId("call-state").evaluate((el) => (el.textContent ?? "").replace(/^[^A-Za-z]+/, ""));

describe("a web call from Begin Call to End Call", () => {
  it("records the spoken answers, routes the test to the evaluator and plays the answers on the scoring page", async () => {
    const admin = await apiSession(own.server.url, "admin@northwind.example");
    const lastName = `Webcall${Date.now()}`;
    const candidateId = await newBostonCandidate(admin, "Ivy", lastName);
    const { assigned } = await assignTestNamed(admin, candidateId, "English Listening and Speaking (Phone)");

    // The candidate, at 375 px: the phone test's page offers the web call.
    const page = await pageAt(375);
    await signInWithCode(page, assigned[0].accessCode);
    await page.goto(`/testing/tests/${assigned[0].id}`);
    await page.getByRole("link", { name: "Take the test as a web call" }).click();
    await page.waitForURL(`**/testing/tests/${assigned[0].id}/web_call`);
    await page.getByRole("heading", { name: "Web Call", level: 1 }).waitFor();
    expect(await callState(page)).toBe("Not started");
    await expectAccessible(page, "web call before the devices start");

    await page.getByRole("button", { name: "Start Devices" }).click();
    await page.getByRole("combobox", { name: "Microphone" }).waitFor();
    await page.getByRole("combobox", { name: "Speaker" }).waitFor();
    // The fake microphone speaks: the input bar moves.
    await poll(() => level(page, "Input level"), { timeout: 15_000 }).toBeGreaterThan(5);
    await page.getByRole("button", { name: "Play Test Sound" }).click();
    await poll(() => level(page, "Output level"), { timeout: 5_000 }).toBeGreaterThan(0);
    await expectAccessible(page, "web call with the devices started");

    await page.getByRole("button", { name: "Begin Call" }).click();
    await poll(() => callState(page)).toBe("Connected");
    await page.getByText("Prompt 1 of 5").waitFor();
    await page.getByText("Listen…").waitFor();
    await expectAccessible(page, "web call in progress");

    // Question 1 plays after the welcome; the candidate asks to hear it again, then answers.
    await page.getByText("Prompt 2 of 5").waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Request Repeat" }).click();
    await page.getByText("Speak now").waitFor({ timeout: 30_000 });
    await page.getByText("1 answer saved").waitFor({ timeout: 30_000 });
    // Question 2: a message, then the answer.
    await page.getByText("Prompt 3 of 5").waitFor();
    await page.getByText("2 answers saved").waitFor({ timeout: 60_000 });

    // End Call asks first; Cancel keeps the call, confirming ends it.
    await page.getByRole("button", { name: "End Call" }).click();
    const dialog = page.getByRole("dialog", { name: "End the call?" });
    await dialog.waitFor();
    await expectAccessible(page, "End Call confirm dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await callState(page)).toBe("Connected");
    await page.getByRole("button", { name: "End Call" }).click();
    await page.getByRole("dialog", { name: "End the call?" }).getByRole("button", { name: "End Call" }).click();
    await poll(() => callState(page)).toBe("Disconnected");
    await page.getByText(/^Your responses have been recorded, and we will be sending/).waitFor();
    await expectAccessible(page, "web call ended");

    // The English evaluator finds the test among the tests to score and hears both answers.
    const evaluator = await pageAt();
    await signIn(evaluator, "evaluator@parlance.example");
    await evaluator.goto("/testing/results");
    await evaluator.getByRole("row").filter({ hasText: lastName }).getByRole("link").first().click();
    await evaluator.waitForURL(/\/testing\/results\/\d+\/edit$/);
    for (const question of ["Question 1", "Question 2"]) {
      const audio = evaluator.getByLabel(`Spoken response to ${question}`, { exact: true });
      await audio.waitFor({ state: "attached" });
      const file = await audio.evaluate(async (el: HTMLAudioElement) => {
        const res = await fetch(el.currentSrc || el.src);
        const bytes = new Uint8Array(await res.arrayBuffer());
        return { status: res.status, type: res.headers.get("content-type"), size: bytes.length, head: Array.from(bytes.slice(0, 4)) };
      });
      expect(file.status).toBe(200);
      expect(file.type).toBe("audio/webm");
      expect(file.size).toBeGreaterThan(2000);
      // A WebM file starts with the EBML header.
      expect(file.head).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
      // The browser loads it as playable audio.
      await poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    }
    expect(await evaluator.getByLabel("Spoken response to Question 3", { exact: true }).count()).toBe(0);
    await expectAccessible(evaluator, "scoring page of a web-call test");
  }, 240_000);
});
