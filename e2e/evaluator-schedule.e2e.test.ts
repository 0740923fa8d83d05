import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, signIn } from "./support/browser";
import { useOwnServer } from "./support/own-server";
import { apiSession, assignTestNamed, newBostonCandidate, type Api } from "./support/api-session";

/**
 * The evaluator's confirm, decline and administer (evaluators-results-account.md §2, §4, §5), on a
 * server of this file's own (its bookings and administered test change evaluators' schedules and
 * Tests to Score, which other files on the shared servers count). The Northwind administrator books
 * the tests first through the API: three Spanish live tests (the demo's only Spanish evaluator is
 * evaluator@parlance.example) and one Mandarin video test (two Mandarin evaluators, evaluator.zh and
 * evaluator.zh2). evaluator@parlance.example then confirms one, declines one through the decline
 * page (nobody else speaks Spanish) and opens one to administer, which waits for its day; the
 * Mandarin evaluator declines theirs through the other-evaluators dialog and hands it over. Last,
 * the server's clock moves to ten minutes before the Spanish test and the evaluator administers it.
 */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const EASTERN = "America/New_York";

/** The server's clock (e2e/support/fake-clock.mjs): real until the administer test moves it to the appointment's day. */
const CLOCK_FILE = path.join(os.tmpdir(), `evaluator-schedule-clock-${process.pid}.txt`);
fs.rmSync(CLOCK_FILE, { force: true });
const own = useOwnServer({ env: { E2E_FAKE_NOW_FILE: CLOCK_FILE }, nodeArgs: ["--import", fileURLToPath(new URL("./support/fake-clock.mjs", import.meta.url))] });

async function newPage(): Promise<Page> {
  const ctx = await own.browser.newContext({ baseURL: own.server.url, viewport: { width: 1280, height: 900 }, locale: "en-US", timezoneId: EASTERN, reducedMotion: "reduce" });
  ctx.setDefaultTimeout(15_000);
  return ctx.newPage();
}

/** An API session of a demo person on this file's server. */
const apiAs = (email: string): Promise<Api> => apiSession(own.server.url, email);

/** The Eastern calendar date `days` from now (YYYY-MM-DD). */
const easternDate = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: EASTERN });
/** The calendar's name of a day, as the scheduling calendar labels its buttons. */
const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
/** The Eastern wall clock of an instant, as 9:30 AM. */
const clock = (iso: string) => new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: EASTERN });

interface Booking {
  id: number;
  name: string;
  description: string;
  startsAt: string;
}

/**
 * A new Northwind candidate with the named live or video test, booked by the administrator at the
 * first free slot from eight days ahead (past the 24-hour decline cut-off and the booking lead).
 */
async function book(admin: Api, description: string, lastName: string): Promise<Booking> {
  const candidateId = await newBostonCandidate(admin, "Eva", lastName);
  const { assigned, accountTestId } = await assignTestNamed(admin, candidateId, description);
  for (let d = 8; d < 28; d++) {
    const date = easternDate(d);
    const { availableTimes } = await admin<{ availableTimes: { start_time: string; is_available: boolean; starts_at: string }[] }>(
      "POST",
      "/api/test_assignment/available_scheduled_times",
      { date, duration: 30, timeZone: EASTERN, accountTestId, candidateProfileId: candidateId },
    );
    const slot = availableTimes.find((s) => s.is_available);
    if (!slot) continue;
    const booked = await admin<{ scheduledAt: string }>("POST", "/api/test_assignment/schedule", {
      accountTestId,
      date,
      duration: 30,
      startTime: slot.start_time,
      candidateProfileId: candidateId,
      timeZone: EASTERN,
      useMedicalTestRecommendations: false,
    });
    return { id: assigned[0].id, name: `Eva ${lastName}`, description, startsAt: booked.scheduledAt };
  }
  throw new Error(`no free time for ${description}`);
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).innerText();
const statusPath = (id: number) => `/testing/evaluators/confirmation_status/${id}`;
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
/** The Spanish test the first test books and the second administers on its day. */
let toAdminister: Booking;

describe("the evaluator's scheduled tests", () => {
  it("confirms one, declines one to a new time on the decline page, opens one to administer before its day; a Mandarin test is handed over in the dialog", async () => {
    const admin = await apiAs("admin@northwind.example");
    const toConfirm = await book(admin, "Spanish Listening and Speaking (Live)", "Confirmada");
    const toDecline = await book(admin, "Spanish Listening and Speaking (Live)", "Declinada");
    const booked = await book(admin, "Spanish Listening and Speaking (Live)", "Administrada");
    const mandarin = await book(admin, "Mandarin Listening and Speaking (Video)", "Entregada");

    // Scheduled Tests: the three Spanish tests, Unconfirmed, each linking to its page.
    const page = await newPage();
    await signIn(page, "evaluator@parlance.example");
    await page.goto("/testing/evaluators/schedule");
    await poll(() => heading(page)).toBe("Scheduled Tests");
    const row = (b: Booking) => page.getByRole("row").filter({ hasText: b.name });
    for (const b of [toConfirm, toDecline, booked]) {
      await poll(() => row(b).count()).toBe(1);
      expect(await row(b).getByRole("rowheader").innerText()).toBe(String(b.id));
      expect((await row(b).getByRole("cell").allInnerTexts()).join(" | ")).toMatch(/Spanish Listening and Speaking \(Live\) \| Eva \w+ \| Live \| .+ \| .+ \| (\S+ )?Unconfirmed$/);
    }
    expect(await row(mandarin).count()).toBe(0);
    await expectAccessible(page, "scheduled tests");

    // Confirm (the Confirm Scheduled Test page of the link): the status becomes Confirmed.
    await row(toConfirm).getByRole("link", { name: `Open test ${toConfirm.id}: Spanish Listening and Speaking (Live)` }).click();
    await page.waitForURL(`**${statusPath(toConfirm.id)}`);
    await poll(() => heading(page)).toBe("Confirmation Status");
    await page.goto(`/testing/evaluators/confirm?id=${toConfirm.id}`);
    await poll(() => heading(page)).toBe("Confirm Scheduled Test");
    await button(page, "Confirm").waitFor();
    expect(await page.locator("main").innerText()).toContain("Unconfirmed");
    expect(await button(page, "Decline").isEnabled()).toBe(true);
    await expectAccessible(page, "confirm scheduled test");
    await button(page, "Confirm").click();
    await page.getByText("You have confirmed your evaluation of this test.").waitFor();
    await poll(() => button(page, "Confirm").count()).toBe(0);
    expect(await page.locator("main").innerText()).toContain("Confirmed");
    // Confirmed still allows decline and administer.
    expect(await button(page, "Decline").isEnabled()).toBe(true);
    expect(await page.getByRole("link", { name: "Administer" }).count()).toBe(1);
    await expectAccessible(page, "confirmed test");
    await page.goto("/testing/evaluators/schedule");
    await poll(() => row(toConfirm).innerText()).toMatch(/Confirmed$/);

    // Decline: nobody else speaks Spanish, so Decline goes to the decline page.
    await page.goto(statusPath(toDecline.id));
    await button(page, "Decline").click();
    await page.waitForURL(`**/testing/evaluators/decline/${toDecline.id}`);
    await poll(() => heading(page)).toBe("Decline Scheduled Test");
    const submit = button(page, "Decline and move the test");
    const newTime = page.getByLabel("New time");
    expect(await submit.isDisabled()).toBe(true);
    expect(await newTime.isDisabled()).toBe(true);
    await expectAccessible(page, "decline page");
    // Only available dates: today (inside the booking lead) is not offered.
    const today = easternDate(0);
    if (await button(page, dayLabel(today)).count()) expect(await button(page, dayLabel(today)).isDisabled()).toBe(true);
    // The confirmed test's day: its slot is shown but not available.
    const target = new Date(toConfirm.startsAt).toLocaleDateString("en-CA", { timeZone: EASTERN });
    while ((await button(page, dayLabel(target)).count()) === 0) await button(page, "Next month").click();
    expect(await button(page, dayLabel(target)).isEnabled()).toBe(true);
    await button(page, dayLabel(target)).click();
    await poll(() => newTime.isEnabled()).toBe(true);
    // The zone is named as on Scheduled Tests ("Eastern Time"), not by its IANA id.
    await page.getByText("Times are in Eastern Time.").waitFor();
    expect(await page.getByText("America/New_York").count()).toBe(0);
    const taken = newTime.locator("option", { hasText: `${clock(toConfirm.startsAt)} (not available)` });
    expect(await taken.count()).toBe(1);
    expect(await taken.isDisabled()).toBe(true);
    const values = await newTime.locator("option:not([disabled])").evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((v) => /^\d{2}:(00|15|30|45)$/.test(v))).toBe(true);
    const declinedTime = new Date(toDecline.startsAt).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: EASTERN });
    const chosen = values.find((v) => v !== declinedTime && v >= "10:00") ?? values.find((v) => v !== declinedTime)!;
    await newTime.selectOption(chosen);
    expect(await submit.isEnabled()).toBe(true);
    await expectAccessible(page, "decline page with a new time");
    await submit.click();
    await page.getByText("You have declined the booked time. The test has been moved to the new date and time.").waitFor();
    await page.waitForURL(`**${statusPath(toDecline.id)}`);
    // The URL changes before the status page's code arrives: the decline page (which lists the time too) may still show.
    await poll(() => heading(page)).toBe("Confirmation Status");
    // The test moved to the chosen time; the decliner proposed it, so it stays theirs, Confirmed.
    // With its meridiem: 21:30 is "9:30 PM", and the page still showing the old 9:30 AM must not pass.
    const [h, m] = chosen.split(":").map(Number);
    const chosenClock = `${h % 12 || 12}:${String(m).padStart(2, "0")}\\s?${h < 12 ? "AM" : "PM"}`;
    await poll(() => page.locator("main").innerText()).toMatch(new RegExp(chosenClock));
    expect(await page.locator("main").innerText()).toContain("Confirmed");
    await page.goto("/testing/evaluators/schedule");
    await poll(() => row(toDecline).innerText()).toMatch(new RegExp(`${chosenClock}.*Confirmed$`));

    // Administer, days ahead: the page shows from when the scores can be recorded, and Submit waits for it.
    toAdminister = booked;
    await page.goto(statusPath(booked.id));
    await page.getByRole("link", { name: "Administer" }).click();
    await page.waitForURL(`**/testing/evaluators/administer/${booked.id}`);
    await poll(() => heading(page)).toBe("Administer Test");
    const opens = new Date(Date.parse(booked.startsAt) - 15 * 60_000).toISOString();
    await poll(() => page.getByRole("status").filter({ hasText: "You can record the scores from" }).innerText()).toContain(
      `You can record the scores from ${clock(opens)} on`,
    );
    expect(await button(page, "Submit Scores").isDisabled()).toBe(true);
    await expectAccessible(page, "administer test before it opens");
    await page.context().close();

    // The Mandarin video test: booked with one of the two Mandarin evaluators; the other is free then.
    const owner = ["evaluator.zh@parlance.example", "evaluator.zh2@parlance.example"];
    const schedules = await Promise.all(
      owner.map(async (email) => (await (await apiAs(email))<{ scheduled_tests: { id: number }[] }>("GET", "/api/evaluators/schedule")).scheduled_tests.map((t) => t.id)),
    );
    const ownerIndex = schedules.findIndex((ids) => ids.includes(mandarin.id));
    expect(ownerIndex).toBeGreaterThanOrEqual(0);
    expect(schedules[1 - ownerIndex]).not.toContain(mandarin.id);
    const zh = await newPage();
    await signIn(zh, owner[ownerIndex]);
    await zh.goto(statusPath(mandarin.id));
    await poll(() => heading(zh)).toBe("Confirmation Status");
    await button(zh, "Decline").click();
    const dialog = zh.getByRole("dialog", { name: "Another evaluator is available" });
    await dialog.waitFor();
    await expectAccessible(zh, "other evaluators dialog");
    // Escape closes it and nothing changed; then Decline and hand over.
    await zh.keyboard.press("Escape");
    await poll(() => dialog.count()).toBe(0);
    expect(zh.url()).toContain(statusPath(mandarin.id));
    await button(zh, "Decline").click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Decline and hand over" }).click();
    await zh.getByText("You have declined this test. Another evaluator will conduct it.").waitFor();
    await poll(() => zh.locator("main").innerText()).toContain("You declined this test; there is nothing left to do.");
    expect(await button(zh, "Decline").count()).toBe(0);
    expect(await button(zh, "Confirm").count()).toBe(0);
    await expectAccessible(zh, "declined test");
    // The decliner's schedule keeps it as Declined; the other Mandarin evaluator now has it, Unconfirmed.
    await zh.goto("/testing/evaluators/schedule");
    const declinedRow = zh.getByRole("row").filter({ hasText: mandarin.name });
    await poll(() => declinedRow.innerText()).toMatch(/Declined$/);
    await expectAccessible(zh, "scheduled tests with a declined test");
    await zh.context().close();
    const other = await newPage();
    await signIn(other, owner[1 - ownerIndex]);
    await other.goto("/testing/evaluators/schedule");
    const handedRow = other.getByRole("row").filter({ hasText: mandarin.name });
    await poll(() => handedRow.innerText()).toMatch(new RegExp(`Mandarin Listening and Speaking \\(Video\\).*${clock(mandarin.startsAt).replace(/\s/, "\\s?")}.*Unconfirmed$`, "s"));
    await expectAccessible(other, "the other evaluator's scheduled tests");
    await other.context().close();
  }, 240_000);

  it("administers the test from 15 minutes before its start: every item needs a value; then it goes to Tests to Score", async () => {
    // The server's clock moves to ten minutes before the appointment; the evaluator signs in that day.
    fs.writeFileSync(CLOCK_FILE, new Date(Date.parse(toAdminister.startsAt) - 10 * 60_000).toISOString());
    await new Promise((r) => setTimeout(r, 300));
    const page = await newPage();
    await signIn(page, "evaluator@parlance.example");
    await page.goto(statusPath(toAdminister.id));
    // Without a value for every item the message; then every item given one.
    await page.getByRole("link", { name: "Administer" }).click();
    await page.waitForURL(`**/testing/evaluators/administer/${toAdminister.id}`);
    await poll(() => heading(page)).toBe("Administer Test");
    await expectAccessible(page, "administer test");
    await button(page, "Submit Scores").click();
    await page.getByText("Please select a value for each item.").waitFor();
    await expectAccessible(page, "administer test with its message");
    const groups = page.getByRole("radiogroup");
    const count = await groups.count();
    expect(count).toBeGreaterThan(0);
    // All but the last item: still the message.
    for (let i = 0; i < count - 1; i++) await groups.nth(i).getByRole("radio", { name: "Completed", exact: true }).check();
    await button(page, "Submit Scores").click();
    await page.getByText("Please select a value for each item.").waitFor();
    await groups.nth(count - 1).getByRole("radio", { name: "Partially completed", exact: true }).check();
    // Offline the submit fails at once with the spec's words (no spinner waiting for the network).
    await page.context().setOffline(true);
    await button(page, "Submit Scores").click();
    await page.getByText("An error occurred while submitting this test.").waitFor();
    await page.context().setOffline(false);
    await button(page, "Submit Scores").click();
    await page.getByText("The test has been administered and its scores recorded.").first().waitFor();
    await poll(() => page.getByText("Please select a value for each item.").count()).toBe(0);
    expect(await button(page, "Submit Scores").count()).toBe(0);
    await expectAccessible(page, "administered test");
    // The attempt ended and reached this evaluator to score: the scoring page opens.
    await page.getByRole("link", { name: "Score this test" }).click();
    await page.waitForURL(/\/testing\/results\/\d+\/edit$/);
    await poll(() => page.locator("main").innerText()).toContain(toAdminister.name);
    // Its status page says nothing is left to do.
    await page.goto(statusPath(toAdminister.id));
    await page.getByText("This test has been administered or its result recorded; there is nothing left to do here.").waitFor();
    expect(await page.getByRole("link", { name: "Administer" }).count()).toBe(0);
    await page.context().close();

  }, 120_000);
});
