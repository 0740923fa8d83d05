import { expect } from "vitest";
import type { Page } from "playwright-core";
import { baseURL } from "./browser";
import { apiSession, assignTestNamed, newBostonCandidate, type Api } from "./api-session";
import { openPastCapabilityCheck, progress } from "./reading-test";

/**
 * The demo's proctored reading test with the proctor service, as Northwind's administrator assigns
 * it and reserves its proctoring through the API (client-administration.md §2 "Proctoring
 * reservation"), and as the candidate starts it in the browser with the proctor's exam password and
 * signed agreement (candidate-testing.md §2).
 */

export const PROCTORED_READING = "English Reading Proficiency (Proctored)";
const PROCTORS = ["proctor@parlance.example", "proctor2@parlance.example"];
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 250 });

export interface ProctoredTest {
  candidateId: number;
  assignedTestId: number;
  accessCode: string;
  /** The demo proctor the reservation booked. */
  proctor: string;
}

/**
 * A new Boston candidate of Northwind with the proctored reading test, its proctoring reserved at
 * the first time offered: the engine books the first free demo proctor, so the proctor is read back
 * from the proctors' own lists of proctored tests.
 */
export async function reservedProctoredTest(firstName: string): Promise<ProctoredTest> {
  const admin = await apiSession(baseURL(), "admin@northwind.example");
  const candidateId = await newBostonCandidate(admin, firstName, `Proctored${Date.now() % 100000}`);
  const { assigned } = await assignTestNamed(admin, candidateId, PROCTORED_READING, { use_proctor_service: true });
  const [{ id, accessCode }] = assigned;
  await admin("POST", "/api/proctorservice/accept_tos", { accept: true });
  await admin("POST", "/api/proctorservice/edit_contact_details", {
    id: candidateId,
    phoneNumber: "617-555-0142",
    streetAddress: "1 Main Street",
    city: "Boston",
    state: "MA",
    postalCode: "02110",
    timeZone: 23,
  });
  await reserveFirstTime(admin, candidateId, id);
  for (const email of PROCTORS) {
    const proctor = await apiSession(baseURL(), email);
    const { tests } = await proctor<{ tests: { id: number }[] }>("GET", "/api/proctorservice/proctored_tests?page=1");
    if (tests.some((t) => t.id === id)) return { candidateId, assignedTestId: id, accessCode, proctor: email };
  }
  throw new Error(`no demo proctor lists test ${id}`);
}

async function reserveFirstTime(admin: Api, candidateId: number, id: number): Promise<void> {
  const page = await admin<{ availableDates: string[]; duration: number }>("GET", `/api/proctorservice/schedule_page/${candidateId}?assigned_tests=${id}`);
  for (const date of page.availableDates) {
    const { availableTimes } = await admin<{ availableTimes: { time: string; cost: number }[] }>("POST", "/api/proctorservice/get_available_times", {
      date,
      duration: page.duration,
      timeZone: 23,
      candidateProfileId: candidateId,
      assignedTestIds: [id],
    });
    if (availableTimes.length === 0) continue;
    const [slot] = availableTimes;
    await admin("POST", "/api/proctorservice/confirm", { date, time: slot.time, cost: slot.cost, candidateProfileId: candidateId, assignedTestIds: [id], timeZone: 23 });
    return;
  }
  throw new Error("no proctoring time offered");
}

/** The exam password the proctoring desk was mailed for assigned test `id` (the developer mailbox). */
export async function examPassword(id: number): Promise<string> {
  const provider = await apiSession(baseURL(), "admin@parlance.example");
  let found = "";
  await poll(async () => {
    const { mails } = await provider<{ mails: { text: string }[] }>("GET", "/api/dev/mailbox?page=1");
    found = mails.find((m) => m.text.includes(`assigned test ${id},`))?.text.match(/Exam password: (\S+)/)?.[1] ?? "";
    return found;
  }).not.toBe("");
  return found;
}

/** Signs in with the code, passes the capability check, the proctor enters the password and signs, the test starts. */
export async function startProctoredReadingTest(page: Page, test: ProctoredTest, proctorName: string): Promise<void> {
  await openPastCapabilityCheck(page, test);
  const proctor = page.getByRole("region", { name: "Your proctor" });
  await proctor.getByRole("textbox", { name: "Exam password" }).fill(await examPassword(test.assignedTestId));
  await page.getByRole("button", { name: "Start test", exact: true }).first().click();
  await poll(() => proctor.getByRole("textbox", { name: "Exam password" }).count()).toBe(0);
  await proctor.getByRole("textbox", { name: "Proctor's full name" }).fill(proctorName);
  await proctor.getByRole("checkbox", { name: "I Agree" }).check();
  await proctor.getByRole("button", { name: "Submit Agreement" }).click();
  await poll(() => page.getByRole("region", { name: "Your proctor" }).count()).toBe(0);
  await page.getByRole("checkbox", { name: /I have read the five statements above and agree to them/ }).check();
  await page.getByRole("button", { name: "Start test", exact: true }).click();
  await page.getByRole("dialog", { name: "Start the test?" }).getByRole("button", { name: "Start", exact: true }).click();
  await poll(() => progress(page).innerText()).toContain("Page 1 of 2");
}
