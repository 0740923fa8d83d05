import { describe, expect, it } from "vitest";
import { expectAccessible, signIn } from "./support/browser";
import { useFakeMicrophone } from "./support/fake-microphone";
import { apiSession, assignTestNamed, newBostonCandidate } from "./support/api-session";
import { signInWithCode } from "./support/candidate-test";

/**
 * Phone tests (issue 15 points 3, 6): the candidate asks for a call from the phone call screen
 * (country picker by keyboard, the number checked for its country), the administrator calls a
 * candidate from the call-candidate dialog after assigning a phone test to give now, and the
 * developer phone answers the call and drives the IVR test with Chromium's fake microphone (a WAV
 * of real speech by espeak-ng) to the hang-up. On a server of its own: the answered test reaches
 * the evaluator's list, which other files count.
 */
const poll = expect.poll;
const own = useFakeMicrophone("My name is Paul Reyes and I drive an ambulance.");
const pageAt = own.pageAt;

describe("phone tests", () => {
  it("the candidate asks for a call, and the developer phone answers it and takes the test to the hang-up", async () => {
    const admin = await apiSession(own.server.url, "admin@northwind.example");
    const lastName = `Phone${Date.now()}`;
    const candidateId = await newBostonCandidate(admin, "Paul", lastName);
    const { assigned } = await assignTestNamed(admin, candidateId, "English Listening and Speaking (Phone)");

    // The candidate, at 375 px: from the prelude's prompt to the phone call screen.
    const candidate = await pageAt(375);
    await signInWithCode(candidate, assigned[0].accessCode);
    await candidate.goto(`/testing/tests/${assigned[0].id}`);
    // The instructions give both numbers (spec §9): the local one and the toll-free one, each a tel: link.
    const local = candidate.getByRole("link", { name: "+1 617 555 0142" });
    await poll(() => local.count()).toBe(1);
    expect(await local.getAttribute("href")).toBe("tel:+16175550142");
    expect(await candidate.getByRole("link", { name: "+1 800 555 0142" }).getAttribute("href")).toBe("tel:+18005550142");
    const instructions = await candidate.locator("main").innerText();
    expect(instructions).toContain("Call one of the numbers below");
    expect(instructions).toMatch(/Local number[\s:]*\+1 617 555 0142/);
    expect(instructions).toMatch(/Toll-free number[\s:]*\+1 800 555 0142/);
    await expectAccessible(candidate, "phone test prelude with both numbers");
    await candidate.getByRole("link", { name: "Call me for this test" }).click();
    await candidate.waitForURL(`**/testing/tests/${assigned[0].id}/call`);
    await poll(() => candidate.getByRole("heading", { level: 1 }).textContent()).toBe("Phone Test");
    await expectAccessible(candidate, "phone call screen");

    const call = candidate.getByRole("button", { name: "Call", exact: true });
    await call.click();
    await poll(() => candidate.locator("main").innerText()).toContain("Please enter a phone number.");

    // The country picker by keyboard: type to narrow, arrows to move, Enter to choose, Escape to close.
    const country = candidate.locator("#phone-call-country");
    await country.click();
    const listbox = candidate.getByRole("listbox");
    await poll(() => listbox.count()).toBe(1);
    expect(await listbox.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(252);
    expect(await candidate.getByRole("option").count()).toBeGreaterThan(200);
    // Every country of the sprite shows its flag (the picture, not an emoji flag, which needs an emoji font).
    expect(await listbox.locator("[data-flag]").count()).toBeGreaterThan(200);
    await candidate.keyboard.press("Escape");
    await poll(() => listbox.count()).toBe(0);
    await country.click();
    await country.fill("United King");
    await candidate.keyboard.press("ArrowDown");
    await candidate.keyboard.press("Enter");
    await poll(() => country.inputValue()).toBe("United Kingdom +44");
    const flag = candidate.locator("main [data-flag='GB']");
    await poll(() => flag.count()).toBe(1);
    const sprite = (await flag.evaluate((el) => getComputedStyle(el).backgroundImage)).match(/url\("?(.*?)"?\)/)![1];
    const image = await candidate.request.get(sprite);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toContain("image/png");

    const number = candidate.getByLabel("Phone number");
    await number.fill("617 555 0142");
    await call.click();
    await poll(() => candidate.locator("main").innerText()).toContain("That is not a valid phone number for the chosen country.");
    await number.fill("020 7946 0958");
    await call.click();
    await poll(() => candidate.locator("main").innerText()).toContain("You will receive a call shortly.");
    expect(await candidate.locator("main").innerText()).toContain("+44 20 7946 0958");
    await expectAccessible(candidate, "phone call screen, call requested");

    // The developer phone rings; answering runs the test on the call.
    const phone = await pageAt();
    await signIn(phone, "admin@parlance.example");
    await phone.goto("/dev/phone");
    await poll(() => phone.getByRole("heading", { level: 1 }).textContent()).toBe("Developer Phone");
    const row = phone.getByRole("row").filter({ hasText: `Paul ${lastName}` });
    // The status badge is upper-cased by CSS: its text, not its rendering.
    await poll(() => row.textContent()).toContain("Ringing");
    await expectAccessible(phone, "developer phone");
    await row.getByRole("button", { name: "Answer the call to +442079460958" }).click();
    const handset = phone.getByRole("region", { name: "Call to +442079460958" });
    const phase = handset.getByTestId("handset-phase");
    // The welcome plays, then the first question waits for the answer.
    await poll(() => phase.textContent(), { timeout: 60_000 }).toBe("Recording: speak your answer now.");
    expect(await handset.innerText()).toContain("Prompt 2 of");
    await expectAccessible(phone, "developer phone, recording");
    await phone.waitForTimeout(1500);
    await handset.getByRole("button", { name: "Done speaking" }).click();
    // Stored and acknowledged: the next question plays, then records.
    await poll(() => handset.innerText(), { timeout: 60_000 }).toContain("Prompt 3 of");
    await poll(() => phase.textContent(), { timeout: 60_000 }).toBe("Recording: speak your answer now.");
    await handset.getByRole("button", { name: "Request Repeat" }).click();
    await poll(() => phase.textContent(), { timeout: 60_000 }).toBe("Recording: speak your answer now.");
    expect(await handset.innerText()).toContain("Prompt 3 of");
    await handset.getByRole("button", { name: "Hang up" }).click();
    await poll(() => phase.textContent()).toBe("Call ended.");
    await handset.getByRole("button", { name: "Close" }).click();
    await poll(() => row.textContent()).toContain("Completed");

    // The hang-up after an answer submits the test: the English evaluator hears the stored answer
    // to Question 1; the answer cut short by the hang-up was not kept.
    const evaluator = await pageAt();
    await signIn(evaluator, "evaluator@parlance.example");
    await evaluator.goto("/testing/results");
    await evaluator.getByRole("row").filter({ hasText: lastName }).getByRole("link").first().click();
    await evaluator.waitForURL(/\/testing\/results\/\d+\/edit$/);
    const audio = evaluator.getByLabel("Spoken response to Question 1", { exact: true });
    await audio.waitFor({ state: "attached" });
    const file = await audio.evaluate(async (el: HTMLAudioElement) => {
      const res = await fetch(el.currentSrc || el.src);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { status: res.status, type: res.headers.get("content-type"), size: bytes.length, head: Array.from(bytes.slice(0, 4)) };
    });
    // Real recorded speech: a WebM file (its EBML header) of more than a few packets.
    expect(file).toMatchObject({ status: 200, type: "audio/webm", head: [0x1a, 0x45, 0xdf, 0xa3] });
    expect(file.size).toBeGreaterThan(2000);
    expect(await evaluator.getByLabel("Spoken response to Question 2", { exact: true }).count()).toBe(0);
  }, 240_000);

  it("the administrator calls the candidate from the call-candidate dialog after assigning a phone test to give now", async () => {
    const admin = await apiSession(own.server.url, "admin@northwind.example");
    const lastName = `Dialog${Date.now()}`;
    const candidateId = await newBostonCandidate(admin, "Dora", lastName);
    const page = await pageAt();
    await signIn(page, "admin@northwind.example");
    await page.goto(`/testing/candidates/${candidateId}`);
    const form = page.getByRole("region", { name: "Assign Tests" });
    const tests = form.getByRole("combobox", { name: "Tests" });
    await tests.click();
    await tests.fill("English Liste");
    await page.getByRole("option", { name: "English Listening and Speaking (Phone) · IVR", exact: true }).click();
    await page.keyboard.press("Escape");
    await form.getByRole("checkbox", { name: "Administer now" }).check();
    await form.getByRole("button", { name: "Assign tests" }).click();
    const open = form.getByRole("button", { name: "Call candidate for English Listening and Speaking (Phone)" });
    await open.click();

    const dialog = page.getByRole("dialog", { name: "Call Candidate" });
    await dialog.getByRole("button", { name: "Call", exact: true }).click();
    await poll(() => dialog.innerText()).toContain("Please enter a phone number.");
    await expectAccessible(page, "call-candidate dialog, number required");
    await dialog.getByLabel("Phone number").fill("(617) 555-0142");
    await dialog.getByRole("button", { name: "Call", exact: true }).click();
    await poll(() => dialog.innerText()).toContain("Call +1 617 555 0142 now for English Listening and Speaking (Phone)?");
    // No goes back to the number; Yes places the call.
    await dialog.getByRole("button", { name: "No" }).click();
    await dialog.getByRole("button", { name: "Call", exact: true }).click();
    await dialog.getByRole("button", { name: "Yes, call" }).click();
    await poll(() => dialog.innerText()).toContain("The test has been assigned.");
    await expectAccessible(page, "call-candidate dialog, called");
    // The dialog's own Close (the title bar's close button has the same name).
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await poll(() => dialog.count()).toBe(0);
  }, 120_000);

  it("the administrator calls the candidate from the candidate's tests, for a phone test assigned earlier", async () => {
    const admin = await apiSession(own.server.url, "admin@northwind.example");
    const candidateId = await newBostonCandidate(admin, "Tess", `Table${Date.now()}`);
    // Assigned plainly (not administered now), and a live test beside it, which cannot be called.
    await assignTestNamed(admin, candidateId, "English Listening and Speaking (Phone)");
    await assignTestNamed(admin, candidateId, "Spanish Listening and Speaking (Live)");
    const page = await pageAt();
    await signIn(page, "admin@northwind.example");
    await page.goto(`/testing/candidates/${candidateId}`);
    const table = page.getByRole("table", { name: "Tests of this candidate" });
    const open = table.getByRole("button", { name: "Call candidate for English Listening and Speaking (Phone)" });
    await poll(() => open.count()).toBe(1);
    expect(await table.getByRole("button", { name: /^Call candidate for Spanish/ }).count()).toBe(0);
    // The live test waits for its appointment: Requires scheduling, not Takeable.
    const live = table.getByRole("row").filter({ hasText: "Spanish Listening and Speaking (Live)" });
    expect(await live.innerText()).toContain("Requires scheduling");
    expect(await live.innerText()).not.toContain("Takeable");
    await expectAccessible(page, "candidate's tests with a phone test to call");

    await open.click();
    const dialog = page.getByRole("dialog", { name: "Call Candidate" });
    await dialog.getByLabel("Phone number").fill("(617) 555-0142");
    await dialog.getByRole("button", { name: "Call", exact: true }).click();
    await poll(() => dialog.innerText()).toContain("Call +1 617 555 0142 now for English Listening and Speaking (Phone)?");
    await expectAccessible(page, "call-candidate dialog from the tests table, confirm");
    await dialog.getByRole("button", { name: "Yes, call" }).click();
    await poll(() => dialog.innerText()).toContain("The test has been assigned.");
    await expectAccessible(page, "call-candidate dialog from the tests table, called");
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await poll(() => dialog.count()).toBe(0);
  }, 120_000);
});
