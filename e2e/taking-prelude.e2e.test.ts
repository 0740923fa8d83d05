import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, expectAccessible, newContext, useBrowser } from "./support/browser";
import { apiSession, assignTestNamed, newBostonCandidate } from "./support/api-session";
import { signInWithCode } from "./support/candidate-test";
import { examPassword } from "./support/proctored-test";

/**
 * The prelude of a proctored online test (candidate spec §2: Start stays disabled until the prelude
 * allows it, with a wait-to-continue step) and a recording whose play cannot be granted (issue 23):
 * a fresh Northwind candidate each, assigned through the API, taken in the browser as a person would.
 */
const browser = useBrowser();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

/** A new candidate of Northwind with the test named `label`, signed in with its code, on its capability check passed. */
async function atPrelude(label: string, options: Record<string, boolean> = {}) {
  const admin = await apiSession(baseURL(), "admin@northwind.example");
  const candidateId = await newBostonCandidate(admin, "Priya", `Prelude${Date.now() % 100000}`);
  const { assigned } = await assignTestNamed(admin, candidateId, label, options);
  const context = await newContext(browser());
  const page = await context.newPage();
  await signInWithCode(page, assigned[0].accessCode);
  await page.goto(`/testing/tests/${assigned[0].id}`);
  await poll(() => page.getByRole("heading", { name: "Check your computer" }).count()).toBe(1);
  await page.getByRole("button", { name: "Play sample sound" }).click();
  await page.getByRole("checkbox", { name: "I can hear the sample sound" }).check();
  await page.getByRole("checkbox", { name: "The sample text reads correctly" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  return { context, page, id: assigned[0].id };
}


const startButtons = (page: Page) => page.getByRole("button", { name: "Start test", exact: true });

describe("the prelude", () => {
  it("of a proctored test keeps Start disabled, with the wait notice, until the proctor's steps are done", async () => {
    const { context, page, id } = await atPrelude("English Reading Proficiency (Proctored)", { use_proctor_service: true });
    await poll(() => page.getByRole("heading", { name: "English Reading Proficiency (Proctored)" }).count()).toBe(1);
    const proctor = page.getByRole("region", { name: "Your proctor" });
    await poll(() => proctor.getByRole("textbox", { name: "Exam password" }).count()).toBe(1);
    // One label for both: the exam password form's Start test and the prelude's.
    expect(await startButtons(page).count()).toBe(2);
    const start = startButtons(page).last();
    const wait = "Please wait until you are instructed to continue.";
    // The honor statement ticked is not enough: the proctor's steps are pending, and Start says why it waits.
    await page.getByRole("checkbox", { name: /I have read the five statements above and agree to them/ }).check();
    expect(await start.isDisabled()).toBe(true);
    expect(await page.getByText(wait).isVisible()).toBe(true);
    // Start's description is the notice.
    const describedBy = (await start.getAttribute("aria-describedby")) ?? "";
    expect(await page.evaluate((ids) => ids.split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "), describedBy)).toContain(wait);
    await expectAccessible(page, "proctored prelude, proctor's steps pending");

    // The proctor enters the exam password: the agreement is still to sign, Start still waits.
    await proctor.getByRole("textbox", { name: "Exam password" }).fill(await examPassword(id));
    await startButtons(page).first().click();
    await poll(() => proctor.getByRole("textbox", { name: "Exam password" }).count()).toBe(0);
    expect(await start.isDisabled()).toBe(true);
    expect(await page.getByText(wait).isVisible()).toBe(true);

    // The agreement signed: the steps are done, the notice goes and Start opens the confirm dialog.
    await proctor.getByRole("textbox", { name: "Proctor's full name" }).fill("Olive Proctor");
    await proctor.getByRole("checkbox", { name: "I Agree" }).check();
    await proctor.getByRole("button", { name: "Submit Agreement" }).click();
    await poll(() => page.getByRole("region", { name: "Your proctor" }).count()).toBe(0);
    await poll(() => start.isEnabled()).toBe(true);
    expect(await page.getByText(wait).count()).toBe(0);
    expect(await startButtons(page).count()).toBe(1);
    await expectAccessible(page, "proctored prelude, proctor's steps done");
    await start.click();
    await poll(() => page.getByRole("dialog", { name: "Start the test?" }).isVisible()).toBe(true);
    await context.close();
  });

  it("of a test with a recording: a play that cannot be granted is said once", async () => {
    const { context, page } = await atPrelude("English Listening Comprehension");
    await page.getByRole("checkbox", { name: /I confirm that I am the person this test was assigned to/ }).check();
    await startButtons(page).click();
    await page.getByRole("dialog", { name: "Start the test?" }).getByRole("button", { name: "Start", exact: true }).click();
    const recording = page.getByRole("group", { name: /Recording/ }).first();
    await poll(() => recording.getByRole("button", { name: "Play" }).count()).toBe(1);
    // The server fails the grant.
    await page.route("**/api/test_content/grant_audio_access/**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "down" }) }));
    await recording.getByRole("button", { name: "Play" }).click();
    const notice = page.getByText("An error occurred while granting access to this question.");
    await poll(() => notice.count()).toBeGreaterThan(0);
    // A moment for a second notice to appear, as it did (the item's and the player's).
    await page.waitForLoadState("networkidle");
    expect(await notice.count()).toBe(1);
    await expectAccessible(page, "recording whose play was refused");
    await context.close();
  });
});
