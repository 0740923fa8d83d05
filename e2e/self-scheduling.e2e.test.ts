import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD, expectAccessible } from "./support/browser";
import { useOwnServer } from "./support/own-server";
import { apiSession, assignTestNamed, newBostonCandidate } from "./support/api-session";
import { signInWithCode } from "./support/candidate-test";

/**
 * Issue 23: every path the assign form offers for "Allow candidate to schedule" works for the
 * candidate, on a server of this file's own whose clock reads Wednesday 10 March 2027, 10:00
 * Eastern (e2e/support/fake-clock.mjs). The administrator assigns through the form; the candidate
 * signs in with the test's access code and goes from Take a Test to the screen that books it: the
 * schedule-test screen for a live test, the proctoring reservation for an online test given with
 * the proctoring service. An online test without it offers no self-scheduling (nothing to book); a
 * live test the administrator keeps says to contact the organisation and has no button.
 */
const FAKE_NOW = "2027-03-10T15:00:00Z";
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000 });

const own = useOwnServer({ env: { E2E_FAKE_NOW: FAKE_NOW }, nodeArgs: ["--import", fileURLToPath(new URL("./support/fake-clock.mjs", import.meta.url))] });

async function newPage(): Promise<Page> {
  const ctx = await own.browser.newContext({ baseURL: own.server.url, viewport: { width: 1280, height: 900 }, locale: "en-US", timezoneId: "America/New_York", reducedMotion: "reduce" });
  ctx.setDefaultTimeout(30_000);
  return ctx.newPage();
}

async function signedInAdmin(): Promise<Page> {
  const page = await newPage();
  await page.goto("/login");
  await page.getByLabel(/email/i).fill("admin@northwind.example");
  await page.getByRole("button", { name: /continue/i }).click();
  await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  return page;
}

async function pickTest(page: Page, name: string) {
  const input = page.getByRole("region", { name: "Assign Tests" }).getByRole("combobox", { name: "Tests" });
  await input.click();
  await input.fill(name.slice(0, 12));
  await page.getByRole("option", { name, exact: true }).click();
  await page.keyboard.press("Escape");
}

/** The access code of the candidate's test, as the administrator's tests table shows it. */
async function accessCodeOf(candidateId: number, description: string): Promise<string> {
  const admin = await apiSession(own.server.url, "admin@northwind.example");
  const rows = await admin<{ description: string; access_code: string }[]>("GET", `/api/test_history/get_history?candidate_profile_id=${candidateId}`);
  return rows.find((r) => r.description === description)!.access_code;
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

describe("a test the candidate schedules", () => {
  it("a live test: assigned with Allow candidate to schedule, booked by the candidate from Take a Test", async () => {
    const candidateId = await newBostonCandidate(await apiSession(own.server.url, "admin@northwind.example"), "Lia", `Live${Date.now()}`);
    const admin = await signedInAdmin();
    await admin.goto(`/testing/candidates/${candidateId}`);
    const form = admin.getByRole("region", { name: "Assign Tests" });
    await poll(() => form.getByRole("combobox", { name: "Tests" }).count()).toBe(1);
    const selfSchedule = form.getByRole("checkbox", { name: "Allow candidate to schedule" });

    // An online test alone has nothing to book: no self-scheduling until the proctoring service is chosen.
    await pickTest(admin, "English Reading Proficiency · Online");
    expect(await selfSchedule.count()).toBe(0);
    const proctoring = form.getByRole("checkbox", { name: "Use proctoring service" });
    await proctoring.check();
    await poll(() => selfSchedule.count()).toBe(1);
    await selfSchedule.check();
    await proctoring.uncheck();
    await poll(() => selfSchedule.count()).toBe(0);
    // Backspace in the empty search removes the last chosen test, as a person would clear them.
    await form.getByRole("combobox", { name: "Tests" }).click();
    for (let i = 0; i < 1; i++) await admin.keyboard.press("Backspace");
    await admin.keyboard.press("Escape");

    await pickTest(admin, "Spanish Listening and Speaking (Live) · Live");
    await selfSchedule.check();
    await expectAccessible(admin, "assign form, live test left to the candidate");
    await form.getByRole("button", { name: "Assign tests" }).click();
    await poll(() => admin.locator("body").innerText()).toContain("The candidate will receive instructions on scheduling their test.");
    const row = admin.getByRole("table", { name: "Tests of this candidate" }).getByRole("row").filter({ hasText: "Spanish Listening and Speaking (Live)" });
    await poll(() => row.innerText()).toContain("Requires scheduling");

    // The candidate: Tests Requiring Scheduling, with their own Schedule test button.
    const page = await newPage();
    await signInWithCode(page, await accessCodeOf(candidateId, "Spanish Listening and Speaking (Live)"));
    await page.goto("/testing/tests");
    const needs = page.getByRole("region", { name: "Tests Requiring Scheduling" });
    const entry = needs.getByRole("listitem", { name: "Spanish Listening and Speaking (Live)" });
    await poll(() => entry.count()).toBe(1);
    const text = await entry.innerText();
    expect(text).toMatch(/Time of test: not scheduled yet: to be scheduled before /);
    expect(text).not.toContain("any time before");
    expect(text).toContain("This test is taken at a time you book.");
    expect(text).not.toContain("contact the organisation");
    await expectAccessible(page, "Take a Test, a live test to schedule");
    await entry.getByRole("link", { name: "Schedule test" }).click();
    await page.waitForURL(`**/testing/candidates/${candidateId}/scheduledtest/**`);
    await poll(() => heading(page).innerText()).toBe("Schedule Test");
    await page.getByRole("button", { name: "Thursday, March 11, 2027", exact: true }).click();
    const times = page.getByLabel("Available times");
    await poll(() => times.locator("option").count()).toBeGreaterThan(2);
    await times.selectOption("10:00");
    await expectAccessible(page, "schedule test, a time chosen");
    await page.getByRole("button", { name: "Schedule test" }).click();
    await poll(() => page.locator("body").innerText()).toContain("Your scheduled test time request has been sent");
    await page.waitForURL("**/testing/tests");
    const scheduled = page.getByRole("region", { name: "Scheduled Tests" }).getByRole("listitem", { name: "Spanish Listening and Speaking (Live)" });
    await poll(() => scheduled.count()).toBe(1);
    expect(await scheduled.innerText()).toMatch(/Time of test: .*10:00\s?AM \(30 minutes\)/);

    // The variant grouped by kind of test: the live test under Other Tests, its list named on it.
    await page.getByText("By kind of test").click();
    await page.waitForURL("**/testing/tests?view=method");
    const other = page.getByRole("region", { name: "Other Tests" });
    await poll(() => other.count()).toBe(1);
    // textContent: the badge is drawn in capitals by CSS, which innerText would follow.
    expect(await other.getByRole("listitem", { name: "Spanish Listening and Speaking (Live)" }).textContent()).toContain("Scheduled");
    expect(await page.getByRole("region", { name: "Scheduled Tests" }).count()).toBe(0);
    await expectAccessible(page, "Take a Test grouped by kind of test");
    await page.getByText("By status").click();
    await poll(() => page.getByRole("region", { name: "Scheduled Tests" }).count()).toBe(1);
  }, 120_000);

  it("an online test with the proctoring service: the candidate reserves the proctored sitting, then opens the test", async () => {
    const adminApi = await apiSession(own.server.url, "admin@northwind.example");
    const candidateId = await newBostonCandidate(adminApi, "Oren", `Proctored${Date.now()}`);
    // Contact details are the profile's: an access-code session may not enter them (issue 24), so
    // the administrator has them on file before the candidate books with her code.
    await adminApi("POST", "/api/proctorservice/edit_contact_details", {
      id: candidateId, phoneNumber: "617-555-0142", streetAddress: "9 Elm Street", city: "Boston", state: "MA", postalCode: "02110", timeZone: "America/New_York",
    });
    const admin = await signedInAdmin();
    await admin.goto(`/testing/candidates/${candidateId}`);
    const form = admin.getByRole("region", { name: "Assign Tests" });
    await poll(() => form.getByRole("combobox", { name: "Tests" }).count()).toBe(1);
    await pickTest(admin, "English Reading Proficiency (Proctored) · Online");
    await form.getByRole("checkbox", { name: "Use proctoring service" }).check();
    await form.getByRole("checkbox", { name: "Allow candidate to schedule" }).check();
    await form.getByRole("button", { name: "Assign tests" }).click();
    await poll(() => admin.locator("body").innerText()).toContain("The candidate will receive instructions on scheduling their test.");

    const page = await newPage();
    await signInWithCode(page, await accessCodeOf(candidateId, "English Reading Proficiency (Proctored)"));
    await page.goto("/testing/tests");
    const entry = page.getByRole("region", { name: "Tests Requiring Scheduling" }).getByRole("listitem", { name: "English Reading Proficiency (Proctored)" });
    await poll(() => entry.count()).toBe(1);
    expect(await entry.innerText()).toContain("This test is taken at a time you book.");
    await entry.getByRole("link", { name: "Schedule test" }).click();

    // The terms, then (the contact details on file) the reservation screen.
    await page.waitForURL("**/testing/proctor/terms?return=**");
    await poll(() => heading(page).innerText()).toBe("Proctoring Terms of Service");
    await page.getByRole("button", { name: "Accept" }).click();
    await page.waitForURL(`**/testing/proctor/schedule/${candidateId}?assigned_tests=*`);
    await poll(() => heading(page).innerText()).toBe("Proctoring Reservation");
    // The candidate cannot hand the scheduling to anyone else.
    expect(await page.getByRole("button", { name: "Let the candidate schedule" }).count()).toBe(0);
    await page.getByRole("button", { name: "Thursday, March 11, 2027", exact: true }).click();
    const times = page.getByLabel("Available times");
    await poll(() => times.locator("option").count()).toBeGreaterThan(2);
    await times.selectOption({ label: "10:00 - 11:00 · $23.00" });
    await expectAccessible(page, "proctoring reservation by the candidate");
    await page.getByRole("button", { name: "Reserve proctoring" }).click();
    await poll(() => page.locator("body").innerText()).toContain("Your reservation has been created");

    // Take a Test: now a scheduled test, which opens the test page.
    await page.goto("/testing/tests");
    const scheduled = page.getByRole("region", { name: "Scheduled Tests" }).getByRole("listitem", { name: "English Reading Proficiency (Proctored)" });
    await poll(() => scheduled.count()).toBe(1);
    expect(await scheduled.innerText()).toMatch(/Time of test: .*10:00\s?AM/);
    expect(await page.getByRole("region", { name: "Tests Requiring Scheduling" }).count()).toBe(0);
    // The link opens this test's page, whose first stage for an online test is the computer check
    // (the list's text stays on screen while the page's chunk downloads, so the heading decides).
    const href = await scheduled.getByRole("link").getAttribute("href");
    expect(href).toMatch(/^\/testing\/tests\/\d+$/);
    await scheduled.getByRole("link").click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByRole("heading", { name: "Check your computer" }).waitFor({ timeout: 20_000 });
    await expectAccessible(page, "the proctored test's page after the reservation");
  }, 120_000);

  it("a live test the administrator keeps: the candidate is told to contact the organisation, with no button", async () => {
    const api = await apiSession(own.server.url, "admin@northwind.example");
    const candidateId = await newBostonCandidate(api, "Kim", `Kept${Date.now()}`);
    const { assigned } = await assignTestNamed(api, candidateId, "Spanish Listening and Speaking (Live)");
    const page = await newPage();
    await signInWithCode(page, assigned[0].accessCode);
    await page.goto("/testing/tests");
    const entry = page.getByRole("region", { name: "Tests Requiring Scheduling" }).getByRole("listitem", { name: "Spanish Listening and Speaking (Live)" });
    await poll(() => entry.count()).toBe(1);
    const text = await entry.innerText();
    expect(text).toContain("Please contact the organisation that assigned it to arrange a time.");
    expect(text).toMatch(/Time of test: not scheduled yet/);
    expect(await entry.getByRole("link").count()).toBe(0);
    await expectAccessible(page, "Take a Test, a live test the organisation schedules");
  }, 60_000);
});
