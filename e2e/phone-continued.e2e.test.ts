import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";
import { createCandidateWithTest, signInWithCode, type CandidateTest } from "./support/candidate-test";

/**
 * A test that continues by phone (issue 15): on the phone-plus-online prelude the candidate asks
 * for the call (Start waits for it), the developer phone answers and the call holds while the
 * online part is taken; the online part is submitted, the Thank You says not to hang up, and the
 * holding call goes on to the part taken by phone. The call is hung up before any spoken answer,
 * so nothing reaches an evaluator's list on the shared server (the API tests take it to the end).
 */
const browser = useBrowser();
const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });
const main = (page: Page) => page.locator("main");
const TEST = "English Reading and Speaking (Online + Phone)";

async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

describe("a test that continues by phone", () => {
  let test: CandidateTest;
  beforeAll(async () => {
    test = await createCandidateWithTest(TEST, "Wren");
  });

  it("asks for the call on the prelude, holds it through the online part, and goes on by phone after the submit", async () => {
    // The candidate, at phone width.
    const candidate = await (await newContext(browser(), { width: 375, height: 800 })).newPage();
    await signInWithCode(candidate, test.accessCode);
    await candidate.goto(`/testing/tests/${test.assignedTestId}`);
    await candidate.getByRole("checkbox", { name: "I can hear the sample sound" }).check();
    await candidate.getByRole("checkbox", { name: "The sample text reads correctly" }).check();
    await candidate.getByRole("button", { name: "Continue" }).click();

    // The phone-plus-online prelude: Start waits for the call.
    await poll(() => candidate.getByRole("heading", { name: TEST }).count()).toBe(1);
    expect(await main(candidate).innerText()).toContain("This test begins online and continues by phone.");
    await candidate.getByRole("checkbox", { name: /I confirm that I am the person/ }).check();
    const start = candidate.getByRole("button", { name: "Start Test" });
    expect(await start.isDisabled()).toBe(true);
    expect(await main(candidate).innerText()).toContain("Ask for your call first: you can start the test once it is on its way.");
    const callSection = candidate.getByRole("region", { name: "Your phone call" });
    await callSection.getByLabel("Phone number").waitFor();
    expect(await callSection.getByLabel("Instructions on the call in").inputValue()).toBe("English");
    await expectAccessible(candidate, "prelude, phone plus online");
    await callSection.getByRole("button", { name: "Call", exact: true }).click();
    await poll(() => callSection.innerText()).toContain("Please enter a phone number.");
    await callSection.getByLabel("Phone number").fill("617 555 0142");
    await callSection.getByRole("button", { name: "Call", exact: true }).click();
    await poll(() => callSection.innerText()).toContain("You will receive a call shortly.");
    expect(await callSection.innerText()).toContain("+1 617 555 0142");
    await poll(() => start.isDisabled()).toBe(false);
    await expectAccessible(candidate, "prelude, call requested");

    // The developer phone rings; answered, the call welcomes and holds for the online part.
    const phone = await (await newContext(browser())).newPage();
    await signIn(phone, "admin@parlance.example");
    await phone.goto("/dev/phone");
    const row = phone.getByRole("row").filter({ hasText: "Wren Taker" });
    await poll(() => row.textContent()).toContain("Ringing");
    await row.getByRole("button", { name: "Answer the call to +16175550142" }).click();
    const handset = phone.getByRole("region", { name: "Call to +16175550142" });
    const phase = handset.getByTestId("handset-phase");
    await poll(() => phase.textContent()).toBe("On hold: the call goes on when the online part of the test is submitted.");
    expect(await handset.getByTestId("handset-welcome").textContent()).toBe("Welcome to your language test.");
    expect(await handset.getByTestId("handset-line").textContent()).toBe("Please stay on the line. Your test continues on this call once you have submitted its online part.");
    expect(await handset.innerText()).not.toContain("Prompt 1 of");
    await expectAccessible(phone, "developer phone, call holding");

    // The online part: one page of two questions, then the submit.
    await start.click();
    await candidate.getByRole("dialog", { name: "Start the test?" }).getByRole("button", { name: "Start", exact: true }).click();
    const progress = candidate.getByRole("region", { name: "Test progress" });
    await poll(() => progress.innerText()).toContain("Page 1 of 1");
    await candidate.getByRole("radiogroup", { name: /^Question 1:/ }).getByRole("radio", { name: "At 7:30 in the morning" }).check();
    await candidate.getByRole("radiogroup", { name: /^Question 2:/ }).getByRole("radio", { name: "Their insurance card and a list of their medicines" }).check();
    expect(await main(candidate).innerText()).not.toContain("This is the speaking part of your test.");
    await expectAccessible(candidate, "online part");
    // Still holding while the online part is open.
    expect(await phase.textContent()).toBe("On hold: the call goes on when the online part of the test is submitted.");
    await candidate.getByRole("button", { name: "Submit", exact: true }).click();
    const confirm = candidate.getByRole("dialog", { name: "Submit test answers?" });
    await confirm.waitFor();
    await settled(candidate);
    await confirm.getByRole("button", { name: "Submit", exact: true }).click();

    // Not the end of the test: the Thank You says not to hang up.
    await poll(() => candidate.getByRole("heading", { level: 1 }).innerText()).toBe("Thank You");
    expect(await main(candidate).innerText()).toContain("Please do not hang up: your test continues by phone.");
    expect(await main(candidate).innerText()).not.toContain("Your responses have been recorded");
    expect(await main(candidate).innerText()).toContain("2 of 2 questions answered");
    expect(await candidate.getByRole("region", { name: "Did your call not come, or was it cut off?" }).count()).toBe(1);
    await expectAccessible(candidate, "Thank You, phone part to come");

    // The holding call goes on to the part taken by phone: its instructions, the first of four prompts.
    await poll(() => handset.innerText()).toContain("Prompt 1 of 4");
    expect(await handset.innerText()).toContain("This is the speaking part of your test.");
    expect(await phase.textContent()).toBe("Listen to the prompt.");
    await handset.getByRole("button", { name: "Hang up" }).click();
    await poll(() => phase.textContent()).toBe("Call ended.");
    expect(await handset.getByTestId("handset-line").textContent()).toBe("This call has ended. Goodbye.");
    await expectAccessible(phone, "developer phone, call ended");
    await handset.getByRole("button", { name: "Close" }).click();
    await poll(() => row.textContent()).toContain("Completed");

    // Hung up before any spoken answer: the online part is in, the phone part still to come.
    const show = await (await candidate.request.get(`/api/tests/show/${test.assignedTestId}`)).json();
    expect(show).toMatchObject({ phoneContinued: true, phonePartPending: true, attemptState: "received" });
    await candidate.reload();
    await poll(() => main(candidate).innerText()).toContain("Please do not hang up: your test continues by phone.");
  }, 90_000);
});
