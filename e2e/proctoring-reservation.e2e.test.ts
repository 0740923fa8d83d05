import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD, expectAccessible } from "./support/browser";
import { useOwnServer } from "./support/own-server";
import { apiSession, assignTestNamed, newBostonCandidate } from "./support/api-session";

/**
 * Proctoring reservation (client-administration.md §2, §4, §5, §7, §9), on a server of this file's
 * own whose clock reads Wednesday 10 March 2027, 10:00 Eastern (e2e/support/fake-clock.mjs).
 * Northwind's administrator opens a candidate's proctored test from the candidate's page, accepts
 * the proctoring terms, completes the Candidate Contact Details (UPDATE CANDIDATE), picks Thursday
 * 11 March, 10:00–11:00 Eastern at $23.00 (a 60-minute test, more than an hour ahead), confirms
 * ('Your reservation has been created'), and pays the fee by card (a declined card first). The
 * demo proctors have no conflicts; Northwind books proctoring at least an hour ahead.
 */
const FAKE_NOW = "2027-03-10T15:00:00Z";
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

const own = useOwnServer({ env: { E2E_FAKE_NOW: FAKE_NOW }, nodeArgs: ["--import", fileURLToPath(new URL("./support/fake-clock.mjs", import.meta.url))] });

const adminApi = () => apiSession(own.server.url, "admin@northwind.example");

/** A Boston candidate of Northwind without contact details, with the proctored reading test assigned with the proctor service. */
async function candidateWithProctoredTest() {
  const api = await adminApi();
  const candidateId = await newBostonCandidate(api, "Priya", "Proctorova");
  const { assigned } = await assignTestNamed(api, candidateId, "English Reading Proficiency (Proctored)", { use_proctor_service: true });
  return { api, candidateId, testId: assigned[0].id };
}

async function signedInAdmin(width = 1280): Promise<Page> {
  const ctx = await own.browser.newContext({ baseURL: own.server.url, viewport: { width, height: 900 }, locale: "en-US", timezoneId: "America/New_York", reducedMotion: "reduce" });
  ctx.setDefaultTimeout(15_000);
  const page = await ctx.newPage();
  await page.goto("/login");
  await page.getByLabel(/email/i).fill("admin@northwind.example");
  await page.getByRole("button", { name: /continue/i }).click();
  await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  return page;
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const main = (page: Page) => page.locator("main");

describe("proctoring reservation", () => {
  it("the administrator accepts the terms, completes the contact details, reserves a time with its cost and pays the fee", async () => {
    const { api, candidateId, testId } = await candidateWithProctoredTest();
    const page = await signedInAdmin();

    // From the candidate's tests: the open proctor-service test offers Reserve proctoring.
    await page.goto(`/testing/candidates/${candidateId}`);
    const reserve = page.getByRole("link", { name: "Reserve proctoring: English Reading Proficiency (Proctored)" });
    await poll(() => reserve.count()).toBe(1);
    await reserve.click();

    // The terms come first.
    await page.waitForURL("**/testing/proctor/terms?return=**");
    await poll(() => heading(page).innerText()).toBe("Proctoring Terms of Service");
    await poll(() => main(page).innerText()).toContain("up to 30 minutes $15.00, up to 60 minutes $23.00, up to 120 minutes $29.00");
    const terms = await main(page).innerText();
    expect(terms).toContain("costs $5.00 more");
    expect(terms).toContain("5 pm Eastern Time the day before");
    expect(terms).toContain("6 pm Eastern Time on the business day before");
    await expectAccessible(page, "proctoring terms");
    await page.getByRole("button", { name: "Accept" }).click();

    // Then the contact details, since the candidate has none on file.
    await page.waitForURL(`**/testing/proctor/contact_details/${candidateId}?**`);
    await poll(() => heading(page).innerText()).toBe("Candidate Contact Details");
    await expectAccessible(page, "candidate contact details");
    await page.getByRole("button", { name: "UPDATE CANDIDATE" }).click();
    // Every empty required field at once, each with its own message (issue 23: only the first was named).
    await poll(() => page.getByRole("alert").filter({ hasText: "Please fill in every required field: Phone number, Street address, City, State, Postal code." }).count()).toBe(1);
    for (const message of [
      "Please provide a phone number for proctored tests.",
      "Please provide a street address for proctored tests.",
      "Please provide a city for proctored tests.",
      "Please select a state for proctored tests.",
      "Please provide a postal code for proctored tests.",
    ]) {
      expect(await page.getByText(message, { exact: true }).count(), message).toBe(1);
    }
    expect(await page.getByLabel("City").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page, "candidate contact details with every field missing");
    await page.getByLabel("Phone number").fill("617-555-0142");
    await page.getByLabel("Street address").fill("77 Harbor Way");
    await page.getByLabel("City").fill("Boston");
    await page.getByLabel("State").selectOption({ label: "Massachusetts" });
    await page.getByLabel("Postal code").fill("0211");
    await page.getByRole("button", { name: "UPDATE CANDIDATE" }).click();
    await poll(() => page.getByRole("alert").filter({ hasText: "Please enter a ZIP code such as 02110 or 02110-1234." }).count()).toBe(1);
    await expectAccessible(page, "candidate contact details with an error");
    await page.getByLabel("Postal code").fill("02110");
    await page.getByRole("button", { name: "UPDATE CANDIDATE" }).click();

    // Back on the reservation screen: the day picker, the times with their costs, confirm.
    await page.waitForURL(`**/testing/proctor/schedule/${candidateId}?assigned_tests=${testId}`);
    await poll(() => heading(page).innerText()).toBe("Proctoring Reservation");
    await poll(() => main(page).innerText()).toContain("Sitting length: 60 minutes");
    expect(await main(page).innerText()).toContain("Choose a day to see the available times.");
    expect(await page.getByRole("button", { name: "Reserve proctoring" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Let the candidate schedule" }).count()).toBe(1);
    // Today (Wednesday) still has times from 11:00 on; weekends have none.
    expect(await page.getByRole("button", { name: "Wednesday, March 10, 2027", exact: true }).isDisabled()).toBe(false);
    expect(await page.getByRole("button", { name: "Saturday, March 13, 2027", exact: true }).isDisabled()).toBe(true);
    await expectAccessible(page, "proctoring reservation");
    await page.getByRole("button", { name: "Thursday, March 11, 2027", exact: true }).click();
    const times = page.getByLabel("Available times");
    await poll(() => times.locator("option").nth(1).innerText()).toBe("09:00 - 10:00 · $23.00");
    const labels = await times.locator("option").allInnerTexts();
    expect(labels.at(-1)).toBe("17:00 - 18:00 · $23.00");
    await times.selectOption({ label: "10:00 - 11:00 · $23.00" });
    await poll(() => main(page).innerText()).toContain("Proctoring cost: $23.00");
    expect(await main(page).innerText()).toContain("Cancel before Mar 10, 2027, 5:00 PM Eastern Time and no fee is charged");
    await expectAccessible(page, "proctoring reservation with a time chosen");
    await page.getByRole("button", { name: "Reserve proctoring" }).click();
    await poll(() => page.locator("body").innerText()).toContain("Your reservation has been created");

    // The reserved sitting: stored as the UTC instant with the zone, its cost and both cut-off readings.
    await poll(() => main(page).innerText()).toContain("Reserved sitting");
    const summary = await main(page).innerText();
    expect(summary).toContain("Mar 11, 2027, 10:00 AM (Eastern Time)");
    expect(summary).toContain("Cost: $23.00");
    expect(summary).toContain("The proctoring fee has not been paid yet.");
    expect(summary).toContain("Mar 10, 2027, 6:00 PM Eastern Time (6 pm on the business day before)");
    const data = await api<{ reservation: { scheduledAt: string; timeZoneId: number; costCents: number } }>("GET", `/api/proctorservice/schedule_page/${candidateId}?assigned_tests=${testId}`);
    expect(data.reservation).toMatchObject({ scheduledAt: "2027-03-11T15:00:00.000Z", timeZoneId: 23, costCents: 2300 });
    await expectAccessible(page, "reserved sitting");

    // The fee, by card with the local test-mode processor: a declined card shows its message, then 4242 pays.
    await page.getByRole("button", { name: "Pay $23.00 now" }).click();
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByRole("button", { name: "Pay $23.00" }).click();
    await poll(() => page.getByRole("alert").filter({ hasText: "The card was not accepted" }).count()).toBe(1);
    await expectAccessible(page, "paying the proctoring fee, declined");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $23.00" }).click();
    await poll(() => main(page).innerText()).toContain("The proctoring fee has been paid.");
    expect(await page.getByRole("button", { name: "Pay $23.00 now" }).count()).toBe(0);

    // Terms accepted once: the page says so and links back to tests.
    await page.goto("/testing/proctor/terms");
    await poll(() => main(page).innerText()).toContain("You accepted the proctoring terms of service on Mar 10, 2027.");
    expect(await page.getByRole("link", { name: "Back to tests" }).getAttribute("href")).toBe("/testing/candidates");
    await expectAccessible(page, "proctoring terms, already accepted");

    // One screen in each Chinese script, at phone width.
    const phone = await signedInAdmin(375);
    await phone.goto(`/testing/proctor/schedule/${candidateId}?assigned_tests=${testId}&lang=zh-HANS`);
    await poll(() => heading(phone).innerText()).toBe("监考预约");
    await poll(() => main(phone).innerText()).toMatch(/费用：\S*23\.00/);
    await expectAccessible(phone, "reserved sitting (zh-HANS, phone)");
    await phone.goto(`/testing/proctor/contact_details/${candidateId}?assigned_tests=${testId}&lang=zh-HANT`);
    await poll(() => heading(phone).innerText()).toBe("考生聯絡資料");
    await poll(() => phone.getByRole("button", { name: "更新考生資料" }).count()).toBe(1);
    expect(await phone.getByLabel("電話號碼").inputValue()).toBe("617-555-0142");
    await expectAccessible(phone, "candidate contact details (zh-HANT, phone)");
  });

  it("shows the spec's failure text when the reservation cannot be made, and cancels before the cut-off without a fee", async () => {
    const { candidateId, testId } = await candidateWithProctoredTest();
    const api = await adminApi();
    await api("POST", "/api/proctorservice/edit_contact_details", { id: candidateId, phoneNumber: "617-555-0143", streetAddress: "1 Elm St", city: "Boston", state: "MA", postalCode: "02110", timeZone: 23 });
    const page = await signedInAdmin();
    await page.goto(`/testing/proctor/schedule/${candidateId}?assigned_tests=${testId}`);
    await poll(() => heading(page).innerText()).toBe("Proctoring Reservation");
    await page.getByRole("button", { name: "Friday, March 12, 2027", exact: true }).click();
    const times = page.getByLabel("Available times");
    await poll(() => times.locator("option").count()).toBeGreaterThan(2);
    await times.selectOption({ index: 1 });
    await page.route("**/api/proctorservice/confirm", (route) => route.fulfill({ status: 500, body: "" }));
    await page.getByRole("button", { name: "Reserve proctoring" }).click();
    await poll(() => page.getByRole("alert").filter({ hasText: "An error occurred while requesting a proctoring reservation." }).count()).toBe(1);
    await expectAccessible(page, "proctoring reservation failure");
    await page.unroute("**/api/proctorservice/confirm");

    // Reserved, then cancelled before the cut-off (5 pm Eastern on Thursday): no fee, and the day picker is back.
    await page.getByRole("button", { name: "Reserve proctoring" }).click();
    await poll(() => main(page).innerText()).toContain("Reserved sitting");
    await page.getByRole("button", { name: "Cancel reservation" }).click();
    const dialog = page.getByRole("dialog");
    await poll(() => dialog.innerText()).toContain("Are you sure you want to cancel this proctoring reservation?");
    await expectAccessible(page, "cancel reservation dialog");
    await dialog.getByRole("button", { name: "Cancel reservation" }).click();
    await poll(() => page.locator("body").innerText()).toContain("The reservation has been cancelled. No fee is charged.");
    await poll(() => page.getByRole("button", { name: "Reserve proctoring" }).count()).toBe(1);
  });
  it("adds $5 to a time within the hour where the account books proctoring anytime", async () => {
    const { api, candidateId, testId } = await candidateWithProctoredTest();
    await api("POST", "/api/proctorservice/edit_contact_details", { id: candidateId, phoneNumber: "617-555-0144", streetAddress: "3 Oak St", city: "Boston", state: "MA", postalCode: "02110", timeZone: 23 });
    await api("POST", "/api/proctorservice/edit", { usesProctorService: true, allowCandidateScheduling: true, minProctorApptDelay: 0 });
    try {
      const page = await signedInAdmin();
      await page.goto(`/testing/proctor/schedule/${candidateId}?assigned_tests=${testId}`);
      await poll(() => heading(page).innerText()).toBe("Proctoring Reservation");
      // The server's clock started at 10:00 Eastern and runs on: a start before 11:00 is within the hour.
      await page.getByRole("button", { name: "Wednesday, March 10, 2027", exact: true }).click();
      const times = page.getByLabel("Available times");
      await poll(() => times.locator("option").count()).toBeGreaterThan(2);
      const labels = await times.locator("option").allInnerTexts();
      expect(labels).toContain("10:45 - 11:45 · $28.00 (within the hour)");
      expect(labels).toContain("11:15 - 12:15 · $23.00");
      expect(labels[1]).toMatch(/^10:\d\d - 11:\d\d · \$28\.00 \(within the hour\)$/);
      await times.selectOption({ label: "10:45 - 11:45 · $28.00 (within the hour)" });
      await poll(() => main(page).innerText()).toContain("Proctoring cost: $28.00 (includes the charge for scheduling within one hour)");
      await expectAccessible(page, "proctoring reservation within the hour");
    } finally {
      await api("POST", "/api/proctorservice/edit", { usesProctorService: true, allowCandidateScheduling: true, minProctorApptDelay: 1 });
    }
  });
});
