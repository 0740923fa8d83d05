import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { DEMO_PASSWORD, expectAccessible, signIn } from "./support/browser";
import { useOwnServer } from "./support/own-server";
import { apiSession, assignTestNamed, newBostonCandidate } from "./support/api-session";

/**
 * Scheduling a live test (candidate spec §2, §4, §5, §7) in the week US daylight saving time
 * starts (Sunday 14 March 2027), on a server of this file's own whose clock reads Wednesday
 * 10 March 2027, 10:00 Eastern (e2e/support/fake-clock.mjs). The administrator leaves the test to
 * the candidate; the candidate, in Pacific time, finds it under Tests Requiring Scheduling and
 * books Monday 15 March 08:00 Pacific (PDT, UTC−7): 15:00 UTC, 11:00 Eastern (EDT). Only the
 * demo Spanish evaluator's weekly conflicts apply then: Monday 12:00–13:00 and Friday 15:00–18:00 Eastern.
 */
const FAKE_NOW = "2027-03-10T15:00:00Z";
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const SHOTS = process.env.E2E_SCREENSHOTS;

const own = useOwnServer({ env: { E2E_FAKE_NOW: FAKE_NOW }, nodeArgs: ["--import", fileURLToPath(new URL("./support/fake-clock.mjs", import.meta.url))] });

async function context(timezoneId: string, width = 1280) {
  const ctx = await own.browser.newContext({ baseURL: own.server.url, viewport: { width, height: 900 }, locale: "en-US", timezoneId, reducedMotion: "reduce" });
  ctx.setDefaultTimeout(15_000);
  return ctx;
}

/** The administrator's API session on this file's server. */
const adminApi = () => apiSession(own.server.url, "admin@northwind.example");

/** A Boston candidate of Northwind with a Spanish live test, assigned without self-scheduling. */
async function candidateWithLiveTests() {
  const api = await adminApi();
  const candidateId = await newBostonCandidate(api, "Paz", "Pacifica");
  const { assigned, accountTestId } = await assignTestNamed(api, candidateId, "Spanish Listening and Speaking (Live)");
  return { api, candidateId, tests: assigned, accountTestId };
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};
const dayButton = (page: Page, label: string) => page.getByRole("button", { name: label, exact: true });
/** The contrast ratio (WCAG) of an element's text on its own background, in its present state (hover included). */
const contrastOf = (target: Locator) =>
  target.evaluate((el) => {
    const style = getComputedStyle(el);
    const luminance = (css: string) => {
      const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255);
      const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const [hi, lo] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
    return (hi + 0.05) / (lo + 0.05);
  });
const timeSelect = (page: Page) => page.getByLabel("Available times");
const submit = (page: Page) => page.getByRole("button", { name: /^(Schedule test|Scheduling…)$/ });

describe("scheduling a live test", () => {
  it("a candidate in Pacific time books the week daylight saving starts; the stored instant and the Eastern time are right", async () => {
    const { api, candidateId, tests } = await candidateWithLiveTests();
    const [first] = tests;
    const screen = `/testing/candidates/${candidateId}/scheduledtest/${first.id}`;

    // The administrator leaves the test to the candidate (Allow candidate to schedule, Add).
    const admin = await context("America/New_York");
    const adminPage = await admin.newPage();
    await adminPage.goto("/login");
    await adminPage.getByLabel(/email/i).fill("admin@northwind.example");
    await adminPage.getByRole("button", { name: /continue/i }).click();
    await adminPage.getByLabel(/^password/i).fill(DEMO_PASSWORD);
    await adminPage.getByRole("button", { name: /sign in/i }).click();
    await adminPage.waitForURL((u) => !u.pathname.startsWith("/login"));
    // From the candidate's tests: an unscheduled live test offers Schedule.
    await adminPage.goto(`/testing/candidates/${candidateId}`);
    const scheduleButton = adminPage.getByRole("link", { name: "Schedule: Spanish Listening and Speaking (Live)" });
    await poll(() => scheduleButton.count()).toBe(1);
    await expectAccessible(adminPage, "candidate detail with a test to schedule");
    await scheduleButton.click();
    await adminPage.waitForURL(`**${screen}`);
    await poll(() => adminPage.getByRole("heading", { level: 1 }).innerText()).toBe("Schedule Test");
    await poll(() => adminPage.getByText("Test duration: 30 minutes").count()).toBe(1);
    await expectAccessible(adminPage, "schedule test (administrator)");
    await shot(adminPage, "schedule-admin");
    await adminPage.getByLabel("Allow candidate to schedule").check();
    await adminPage.getByRole("button", { name: "Add" }).click();
    await poll(() => adminPage.locator("body").innerText()).toContain("The candidate may now schedule this test.");
    await adminPage.waitForURL(`**/testing/candidates/${candidateId}`);

    // The candidate signs in with the code and finds it under Tests Requiring Scheduling.
    const candidate = await context("America/Los_Angeles");
    const page = await candidate.newPage();
    await page.goto("/login?use_code=1");
    await page.getByLabel(/access code/i).fill(first.accessCode);
    await page.getByRole("button", { name: /sign in|continue/i }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    await page.goto("/testing/tests");
    const needs = page.getByRole("region", { name: "Tests Requiring Scheduling" });
    await poll(() => needs.getByRole("link").count()).toBe(1);
    await expectAccessible(page, "Take a Test with a test requiring scheduling");
    await needs.getByRole("link").click();
    await page.waitForURL(`**${screen}`);
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Schedule Test");
    expect(await page.getByLabel("Time zone").inputValue()).toBe("23"); // Eastern by default
    expect(await submit(page).isDisabled()).toBe(true);
    expect(await page.locator("main").innerText()).toContain("Choose a date to see the available times.");
    // 42 days from Sunday 28 February; the bookable ones start the next business day (Thursday 11 March).
    expect(await page.locator("main table tbody button").count()).toBe(42);
    expect(await dayButton(page, "Wednesday, March 10, 2027").isDisabled()).toBe(true);
    expect(await dayButton(page, "Thursday, March 11, 2027").isDisabled()).toBe(false);
    await expectAccessible(page, "schedule test (candidate)");

    await page.getByLabel("Time zone").selectOption({ label: "Pacific Time" });
    await dayButton(page, "Monday, March 15, 2027").click();
    // After the change the Eastern day 9:00–18:00 is 06:00–15:00 Pacific; Monday 12:00–13:00 Eastern is taken.
    await poll(() => timeSelect(page).locator("option").nth(1).innerText()).toBe("06:00 - 06:30");
    const labels = await timeSelect(page).locator("option").allInnerTexts();
    expect(labels).toContain("09:00 - 09:30 not available");
    expect(labels).toContain("08:00 - 08:30");
    expect(labels.at(-1)).toBe("14:30 - 15:00");

    // The time picker's fields wrap; a time the new date does not offer is cleared.
    const hour = page.getByRole("textbox", { name: "Hour" });
    const minute = page.getByRole("textbox", { name: "Minute" });
    await hour.press("ArrowDown");
    expect(await hour.inputValue()).toBe("23");
    await hour.press("ArrowUp");
    expect(await hour.inputValue()).toBe("00");
    await minute.press("ArrowDown");
    expect(await minute.inputValue()).toBe("59");
    // Typed as a person types, key by key: each keystroke once reformatted the field, so 12 read 01 (issue 23).
    await hour.click();
    await hour.press("Control+a");
    await hour.pressSequentially("12");
    expect(await hour.inputValue()).toBe("12");
    await minute.click();
    await minute.press("Control+a");
    await minute.pressSequentially("00");
    await minute.blur();
    expect(await minute.inputValue()).toBe("00");
    await poll(() => timeSelect(page).inputValue()).toBe("12:00");
    expect(await submit(page).isEnabled()).toBe(true);
    await dayButton(page, "Friday, March 12, 2027").click(); // 12:00 Pacific is 15:00 Eastern: the Friday conflict
    // The chosen day under the pointer keeps its colours: the hover rule once won, white on light blue at 1.23:1 (issue 24 #12).
    await dayButton(page, "Friday, March 12, 2027").hover();
    expect(await contrastOf(dayButton(page, "Friday, March 12, 2027"))).toBeGreaterThanOrEqual(4.5);
    await poll(() => hour.inputValue()).toBe("");
    expect(await submit(page).isDisabled()).toBe(true);
    await poll(() => timeSelect(page).locator("option").nth(1).innerText()).toBe("06:00 - 06:30"); // PST: still 9:00 Eastern
    await expectAccessible(page, "schedule test with the times of a date");
    await shot(page, "schedule-candidate-times");

    // A failure shows the spec's default text; the screen stays.
    await dayButton(page, "Monday, March 15, 2027").click();
    await poll(() => timeSelect(page).locator("option").count()).toBeGreaterThan(2);
    await timeSelect(page).selectOption("08:00");
    await page.route("**/api/test_assignment/schedule", (route) => route.fulfill({ status: 500, body: "" }));
    await submit(page).click();
    await poll(() => page.getByRole("alert").filter({ hasText: "An error occurred while requesting your scheduled test time." }).count()).toBe(1);
    await page.unroute("**/api/test_assignment/schedule");

    // Scheduling… while the request runs, then the spec's message and back to Take a Test.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/test_assignment/schedule", async (route) => {
      await held;
      await route.continue();
    });
    const answer = page.waitForResponse("**/api/test_assignment/schedule");
    await submit(page).click();
    await poll(() => submit(page).innerText()).toBe("Scheduling…");
    expect(await submit(page).isDisabled()).toBe(true);
    release();
    const booked = await (await answer).json();
    expect(booked).toMatchObject({ message: "Your scheduled test time request has been sent", scheduledAt: "2027-03-15T15:00:00.000Z", timeZoneId: 20 });
    await poll(() => page.locator("body").innerText()).toContain("Your scheduled test time request has been sent");
    await page.waitForURL("**/testing/tests");
    await poll(() => page.getByRole("region", { name: "Scheduled Tests" }).getByRole("listitem").count()).toBe(1);
    // It has left the scheduling list (an access-code session sees only that code's test).
    await poll(() => page.getByRole("region", { name: "Tests Requiring Scheduling" }).count()).toBe(0);

    // The evaluator's side: the UTC instant is stored, and an Eastern screen shows 11:00 AM (EDT).
    const other = await candidateWithLiveTests();
    const times = await api<{ availableTimes: { start_time: string; is_available: boolean; starts_at: string }[] }>("POST", "/api/test_assignment/available_scheduled_times", {
      date: "2027-03-15",
      duration: 30,
      timeZone: "America/New_York",
      accountTestId: other.accountTestId,
      candidateProfileId: other.candidateId,
    });
    // The only Spanish evaluator is booked 11:00–11:30 Eastern: those slots are no longer offered.
    expect(times.availableTimes.find((s) => s.start_time === "11:00")).toMatchObject({ is_available: false, starts_at: "2027-03-15T15:00:00.000Z" });
    for (const [start, free] of [["10:30", true], ["10:45", false], ["11:15", false], ["11:30", true]] as const)
      expect(times.availableTimes.find((s) => s.start_time === start)?.is_available, start).toBe(free);
    await adminPage.goto(`/testing/candidates/${candidateId}`);
    await poll(() => adminPage.locator("main").innerText()).toMatch(/Mar(ch)? 15, 2027,? (at )?11:00\s?AM/);
    // Booked: no Schedule button any more.
    expect(await adminPage.getByRole("link", { name: /^Schedule:/ }).count()).toBe(0);
    await shot(page, "schedule-candidate-done");

    // The evaluator's Scheduled Tests, in a browser set to Tokyo: the times are the evaluator's zone's
    // (Eastern), so Monday 15 March is Next Week and the test starts at 11:00 AM.
    const evaluator = await context("Asia/Tokyo");
    const evaluatorPage = await evaluator.newPage();
    await signIn(evaluatorPage, "evaluator@parlance.example");
    await evaluatorPage.goto("/testing/evaluators/schedule");
    await poll(() => evaluatorPage.getByRole("heading", { level: 1 }).innerText()).toBe("Scheduled Tests");
    const nextWeek = evaluatorPage.getByRole("region", { name: "Next Week" });
    const row = nextWeek.getByRole("row").filter({ hasText: "Paz Pacifica" });
    await poll(() => row.count()).toBe(1);
    const cells = await row.getByRole("cell").allInnerTexts();
    expect(cells.join(" | ")).toMatch(/Spanish Listening and Speaking \(Live\) \| Paz Pacifica \| Live \| Mar(ch)? 15, 2027 \| 11:00\s?AM \| (\S+ )?Unconfirmed$/);
    expect(await row.getByRole("rowheader").innerText()).toBe(String(first.id));
    expect(await evaluatorPage.locator("main").innerText()).toContain("Dates and times are in Eastern Time.");
    await expectAccessible(evaluatorPage, "evaluator's scheduled tests");
    await shot(evaluatorPage, "evaluator-schedule");
    await evaluator.close();
    await admin.close();
    await candidate.close();
  });

  it.each([
    ["zh-HANS", "预约考试", "允许考生自行预约"],
    ["zh-HANT", "預約考試", "允許考生自行預約"],
  ])("reads in %s, also at phone width", async (lang, title, allow) => {
    const { candidateId, tests } = await candidateWithLiveTests();
    const ctx = await context("America/New_York", 390);
    const page = await ctx.newPage();
    await page.goto("/login");
    await page.getByLabel(/email/i).fill("admin@northwind.example");
    await page.getByRole("button", { name: /continue/i }).click();
    await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: /sign in/i }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    await page.goto(`/testing/candidates/${candidateId}/scheduledtest/${tests[0].id}?lang=${lang}`);
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
    await poll(() => page.getByLabel(allow).count()).toBe(1);
    await dayButton(page, "2027年3月15日，星期一").click();
    await poll(() => page.locator("main select").nth(1).locator("option").count()).toBeGreaterThan(2);
    const text = (await page.locator("main").innerText()).replace(/Spanish Listening and Speaking \(Live\)|Paz Pacifica|Parlance/g, "");
    expect(text.split(/[^A-Za-z]+/).filter((w) => w.length > 3)).toEqual([]);
    await expectAccessible(page, `schedule test in ${lang}`);
    await shot(page, `schedule-${lang}-phone`);
    await ctx.close();
  });
});
