import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import type { Page } from "playwright-core";
import { EVALUATOR_LOOK_AHEAD_DAYS, type RecurringUnavailability, type SpecificUnavailability, type TestMethod } from "@parlance/contract";
import { windowSlots } from "../packages/server/src/scheduling/index";
import { schedulingResource } from "../packages/server/src/availability/resource-shape";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";

/**
 * Availability (/account/availability) as an evaluator uses it: weekly and individual conflicts
 * added, edited in place, cancelled, deleted, the time zone changed; what was saved is what the
 * availability engine sees (the scheduling routes that will offer those times come later).
 */
const browser = useBrowser();
const NY = "America/New_York";
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });
const main = (page: Page) => page.locator("main");
const item = (page: Page, text: RegExp) => main(page).getByRole("listitem").filter({ hasText: text });

/** The evaluator's free 30-minute slot starts (Eastern "ccc HH:mm yyyy-MM-dd") as the engine computes them from the saved lists. */
async function freeSlots(page: Page, method: TestMethod): Promise<Set<string>> {
  const weekly = (await (await page.request.get("/api/recurringunavailabilities/list")).json()).recurring_unavailabilities as RecurringUnavailability[];
  const individual = (await (await page.request.get("/api/specificunavailabilities/list")).json()).specific_unavailabilities as SpecificUnavailability[];
  const slots = windowSlots({
    now: new Date(),
    durationMinutes: 30,
    method,
    lead: { kind: "live" },
    lookAheadDays: EVALUATOR_LOOK_AHEAD_DAYS,
    zone: NY,
    resources: [schedulingResource(1, weekly, individual)],
    bookings: [],
  });
  return new Set(slots.filter((s) => s.isAvailable).map((s) => DateTime.fromJSDate(s.start, { zone: NY }).setLocale("en-US").toFormat("ccc HH:mm yyyy-MM-dd")));
}
const startsOn = (slots: Set<string>, weekday: string, hhmm: string) => [...slots].filter((s) => s.startsWith(`${weekday} ${hhmm}`));

/**
 * A Wednesday at least 16 days ahead (Eastern): past the demo evaluator's individual conflicts
 * (at most 17 days ahead, and the Wednesday one within 9) and on no weekly conflict of theirs.
 */
function targetDay(): DateTime {
  let day = DateTime.now().setZone(NY).setLocale("en-US").plus({ days: 16 }).startOf("day");
  while (day.weekday !== 3) day = day.plus({ days: 1 });
  return day;
}

describe("availability", () => {
  it("an evaluator edits weekly and individual conflicts, and the availability engine sees the change", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "evaluator@parlance.example");
    await page.getByRole("button", { name: /hello/i }).click();
    await page.getByRole("menuitem", { name: "Availability" }).click();
    await page.waitForURL("**/account/availability");
    await poll(() => item(page, /Monday/).count()).toBe(1);
    await expectAccessible(page, "availability");
    const before = await freeSlots(page, "live");
    expect(startsOn(before, "Tue", "09:30").length).toBeGreaterThan(5);
    expect(startsOn(before, "Fri", "15:30")).toEqual([]);

    // A new weekly conflict starts as Sunday 08:00:00–18:00:00 (spec §3).
    await page.getByRole("button", { name: "Add weekly conflict" }).click();
    const newWeekly = page.getByRole("form", { name: "New weekly conflict" });
    expect(await newWeekly.getByLabel("Day").inputValue()).toBe("Sunday");
    expect(await newWeekly.getByLabel("From (Eastern Time)").inputValue()).toBe("08:00:00");
    expect(await newWeekly.getByLabel("To (Eastern Time)").inputValue()).toBe("18:00:00");
    await expectAccessible(page, "availability with the new weekly conflict form");
    await newWeekly.getByLabel("Day").selectOption({ label: "Tuesday" });
    await newWeekly.getByLabel("From (Eastern Time)").selectOption({ label: "9:00 AM" });
    await newWeekly.getByLabel("To (Eastern Time)").selectOption({ label: "11:30 AM" });
    await newWeekly.getByRole("button", { name: "Save" }).click();
    await poll(() => page.locator("body").innerText()).toContain("Weekly unavailability has been created.");
    await poll(() => item(page, /Tuesday/).innerText()).toContain("9:00 AM – 11:30 AM");
    // Focus goes back to the button that opened the form.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Add weekly conflict");

    // Edit, Cancel: the original values come back; a refused save shows the server's reason.
    await item(page, /Monday/).getByRole("button", { name: /^Edit/ }).click();
    const monday = page.getByRole("form", { name: /Edit weekly conflict: Monday/ });
    await monday.getByLabel("To (Eastern Time)").selectOption({ label: "11:00 AM" });
    await monday.getByRole("button", { name: "Save" }).click();
    await poll(() => monday.getByRole("alert").innerText()).toBe("The end time must be after the start time.");
    await expectAccessible(page, "weekly conflict with a refused save");
    await monday.getByRole("button", { name: "Cancel" }).click();
    await poll(() => item(page, /Monday/).innerText()).toContain("12:00 PM – 1:00 PM");
    await item(page, /Monday/).getByRole("button", { name: /^Edit/ }).click();
    await page.getByRole("form", { name: /Edit weekly conflict: Monday/ }).getByLabel("To (Eastern Time)").selectOption({ label: "2:00 PM" });
    await page.getByRole("form", { name: /Edit weekly conflict: Monday/ }).getByRole("button", { name: "Save" }).click();
    await poll(() => item(page, /Monday/).innerText()).toContain("12:00 PM – 2:00 PM");
    await poll(() => page.locator("body").innerText()).toContain("Weekly unavailability has been updated.");

    // Delete asks first, then the row goes.
    await item(page, /Friday/).getByRole("button", { name: /^Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
    await poll(() => dialog.innerText()).toContain("Are you sure you want to delete this weekly conflict (Friday, 3:00 PM – 6:00 PM)?");
    await expectAccessible(page, "confirm delete of a weekly conflict");
    await dialog.getByRole("button", { name: "Ok" }).click();
    await poll(() => item(page, /Friday/).count()).toBe(0);
    await poll(() => page.locator("body").innerText()).toContain("Weekly unavailability has been deleted.");

    // An individual conflict, entered in Eastern Time, then shown in Pacific Time.
    const day = targetDay();
    await page.getByRole("button", { name: "Add individual conflict" }).click();
    const newIndividual = page.getByRole("form", { name: "New individual conflict" });
    await newIndividual.getByLabel("From date").fill(day.toISODate()!);
    await newIndividual.getByLabel("From time").selectOption({ label: "10:00 AM" });
    await newIndividual.getByLabel("To date").fill(day.toISODate()!);
    await newIndividual.getByLabel("To time").selectOption({ label: "12:00 PM" });
    await expectAccessible(page, "availability with the new individual conflict form");
    await newIndividual.getByRole("button", { name: "Save" }).click();
    await poll(() => page.locator("body").innerText()).toContain("Individual conflict has been created.");
    const shortDate = day.toFormat("LLL d, yyyy");
    await poll(() => item(page, new RegExp(shortDate)).innerText()).toContain("10:00 AM – 12:00 PM");
    await page.getByLabel("Time zone").selectOption({ label: "Pacific Time" });
    // One day, one half of the day: the range names them once ("7:00 – 9:00 AM").
    await poll(() => item(page, new RegExp(shortDate)).innerText()).toMatch(/7:00\s–\s9:00\sAM/);
    await expectAccessible(page, "availability in Pacific Time");

    // Made partial (still free for IVR and online tests), edited in Pacific Time.
    await item(page, new RegExp(shortDate)).getByRole("button", { name: /^Edit/ }).click();
    const editIndividual = page.getByRole("form", { name: /Edit individual conflict/ });
    expect(await editIndividual.getByLabel("From time").inputValue()).toBe("07:00:00");
    await editIndividual.getByLabel("Available for IVR and online tests only").check();
    await editIndividual.getByRole("button", { name: "Save" }).click();
    await poll(() => page.locator("body").innerText()).toContain("Individual conflict has been updated.");
    await poll(() => item(page, new RegExp(shortDate)).innerText()).toMatch(/Available for IVR and online only/i);

    // What the engine now sees for this evaluator.
    const live = await freeSlots(page, "live");
    const ivr = await freeSlots(page, "ivr");
    expect(startsOn(live, "Tue", "09:30")).toEqual([]);
    expect(startsOn(live, "Tue", "11:30").length).toBeGreaterThan(5);
    expect(startsOn(live, "Mon", "13:30")).toEqual([]);
    expect(startsOn(live, "Fri", "15:30").length).toBeGreaterThan(5);
    const slotOfDay = (hhmm: string) => `${day.toFormat("ccc")} ${hhmm} ${day.toISODate()}`;
    expect(live.has(slotOfDay("10:30"))).toBe(false);
    expect(ivr.has(slotOfDay("10:30"))).toBe(true);
    expect(live.has(slotOfDay("12:00"))).toBe(true);

    await item(page, new RegExp(shortDate)).getByRole("button", { name: /^Delete/ }).click();
    await page.getByRole("dialog", { name: "Confirm Delete" }).getByRole("button", { name: "Ok" }).click();
    await poll(() => item(page, new RegExp(shortDate)).count()).toBe(0);
    expect((await freeSlots(page, "live")).has(slotOfDay("10:30"))).toBe(true);
    await context.close();
  });

  it("shows the spec's messages when the lists cannot be read or a save does not reach the server", async () => {
    const context = await newContext(browser(), { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, "evaluator.intl@parlance.example");
    await page.route("**/api/recurringunavailabilities/list", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await page.goto("/account/availability");
    await poll(() => main(page).innerText()).toContain("Weekly conflicts could not be retrieved.");
    await poll(() => item(page, /IVR and online only/i).count()).toBe(1);
    await expectAccessible(page, "availability on a phone with a list that failed");
    await page.unroute("**/api/recurringunavailabilities/list");
    await page.getByRole("button", { name: "Try again" }).click();
    await poll(() => item(page, /Wednesday/).count()).toBe(1);

    await page.route("**/api/recurringunavailabilities/create", (route) => route.abort());
    await page.getByRole("button", { name: "Add weekly conflict" }).click();
    await page.getByRole("form", { name: "New weekly conflict" }).getByRole("button", { name: "Save" }).click();
    await poll(() => page.getByRole("form", { name: "New weekly conflict" }).getByRole("alert").innerText()).toBe("Weekly unavailability could not be created.");
    await page.getByRole("form", { name: "New weekly conflict" }).getByRole("button", { name: "Cancel" }).click();
    await poll(() => item(page, /Sunday/).count()).toBe(0);
    await context.close();
  });

  it.each([
    ["zh-HANS", "可用时间", "每周冲突"],
    ["zh-HANT", "可用時間", "每週衝突"],
  ])("reads in %s", async (lang, title, weekly) => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "evaluator.zh@parlance.example");
    await page.goto(`/account/availability?lang=${lang}`);
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
    await poll(() => page.getByRole("heading", { level: 2, name: weekly }).count()).toBe(1);
    await poll(() => item(page, /./).count()).toBeGreaterThan(1);
    // Interface text is Chinese: no English words of more than three letters outside data.
    const text = await main(page).innerText();
    expect(text.replace(/Parlance/g, "").split(/[^A-Za-z]+/).filter((w) => w.length > 3)).toEqual([]);
    await expectAccessible(page, `availability in ${lang}`);
    await context.close();
  });
});
