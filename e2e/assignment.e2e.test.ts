import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";

const browser = useBrowser();

/** Screens load over the network: wait up to 10 s for what a person would wait for. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

/** Dialogs fade in: check them once their transitions have finished. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

/** A fresh Boston candidate of Northwind, created through the API as the candidate form would. */
async function createCandidate(page: Page, firstName: string): Promise<number> {
  const offices = (await (await page.request.post("/api/offices/list", { data: { page: 1 } })).json()) as { offices: { id: number; name: string }[] };
  const boston = offices.offices.find((o) => o.name === "Boston")!;
  const roles = (await (await page.request.get("/api/healthcare_roles/get_roles")).json()) as { roles: { id: number; specialties: { id: number }[] }[] };
  const role = roles.roles.find((r) => r.specialties.length > 0)!;
  const res = await page.request.post("/api/candidates/edit", {
    data: {
      firstName,
      lastName: "Assignee",
      emailAddress: `${firstName.toLowerCase()}.assignee.${Date.now()}@example.test`,
      languageId: 140,
      officeId: boston.id,
      healthCareRoleId: role.id,
      healthCareSpecialtyId: role.specialties[0].id,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

async function pickTest(page: Page, name: string) {
  const input = page.getByRole("combobox", { name: "Tests" });
  await input.click();
  await input.fill(name.slice(0, 12));
  await page.getByRole("option", { name, exact: true }).click();
  await page.keyboard.press("Escape");
}

const testsTable = (page: Page) => page.getByRole("table", { name: "Tests of this candidate" });

describe("assigning tests", () => {
  it("assigns a live and a video test with self-scheduling (an online test has nothing to book), shows them as Requires scheduling, and deletes one", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    const id = await createCandidate(page, "Selma");
    await page.goto(`/testing/candidates/${id}`);
    const form = page.getByRole("region", { name: "Assign Tests" });
    await poll(() => form.getByRole("combobox", { name: "Tests" }).count()).toBe(1);
    await poll(() => page.locator("main").innerText()).toContain("No tests have been assigned to this candidate yet.");
    // The header's open-tests badge follows what is assigned, without a reload.
    const badge = page.locator("main").getByText(/^\d+ open tests?$/i);
    await poll(() => badge.textContent()).toBe("0 open tests");
    await expectAccessible(page, "candidate with the assign-tests form");

    const submit = form.getByRole("button", { name: "Assign tests" });
    expect(await submit.isDisabled()).toBe(true);
    const notify = form.getByRole("checkbox", { name: "Notify candidate" });
    expect(await notify.isChecked()).toBe(true);
    // The test-dependent options appear only once tests are chosen.
    expect(await form.getByRole("checkbox", { name: "Allow candidate to schedule" }).count()).toBe(0);

    // The open list of tests scrolls as the listbox its field controls, not inside a region no key
    // reaches (axe scrollable-region-focusable, issue 24 #14).
    await form.getByRole("combobox", { name: "Tests" }).click();
    const listbox = page.getByRole("listbox");
    await poll(() => listbox.getByRole("option").count()).toBeGreaterThan(6);
    expect(await listbox.evaluate((el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === "auto")).toBe(true);
    expect(await form.getByRole("combobox", { name: "Tests" }).getAttribute("aria-controls")).toBe(await listbox.getAttribute("id"));
    await expectAccessible(page, "assign-tests form with its list of tests open");
    await page.keyboard.press("Escape");

    // An online test alone: the candidate has nothing to book unless the proctoring service gives a sitting.
    await pickTest(page, "English Reading Proficiency · Online");
    expect(await form.getByRole("checkbox", { name: "Allow candidate to schedule" }).count()).toBe(0);
    await pickTest(page, "Spanish Listening and Speaking (Live) · Live");
    expect(await submit.isDisabled()).toBe(false);
    // With a live test beside it, still not (the online test has no appointment to book).
    expect(await form.getByRole("checkbox", { name: "Allow candidate to schedule" }).count()).toBe(0);
    // Backspace in the empty search removes the last chosen test, as a person would clear them.
    await form.getByRole("combobox", { name: "Tests" }).click();
    for (let i = 0; i < 2; i++) await page.keyboard.press("Backspace");
    await page.keyboard.press("Escape");
    await pickTest(page, "Spanish Listening and Speaking (Live) · Live");
    await pickTest(page, "Mandarin Listening and Speaking (Video) · Video");
    // A live test cannot be administered now nor use the proctoring service.
    expect(await form.getByRole("checkbox", { name: "Administer now" }).count()).toBe(0);
    expect(await form.getByRole("checkbox", { name: "Use proctoring service" }).count()).toBe(0);
    expect(await form.getByRole("checkbox", { name: "Require live proctor" }).count()).toBe(1);
    const selfSchedule = form.getByRole("checkbox", { name: "Allow candidate to schedule" });
    await selfSchedule.check();
    // Turning notify off clears self-scheduling; turning self-scheduling on forces notify on.
    await notify.uncheck();
    expect(await selfSchedule.isChecked()).toBe(false);
    await selfSchedule.check();
    expect(await notify.isChecked()).toBe(true);
    await expectAccessible(page, "assign-tests form filled in");

    await submit.click();
    await poll(() => page.locator("body").innerText()).toContain("The candidate will receive instructions on scheduling their test.");
    const table = testsTable(page);
    await poll(async () => (await table.getByRole("row").allInnerTexts()).filter((r) => r.includes("Requires scheduling")).length).toBe(2);
    expect(await table.innerText()).toContain("Mandarin Listening and Speaking (Video)");
    expect(await table.innerText()).toContain("Spanish Listening and Speaking (Live)");
    await poll(() => badge.textContent()).toBe("2 open tests");
    await expectAccessible(page, "candidate with two assigned tests");

    await table.getByRole("button", { name: "Delete Mandarin Listening and Speaking (Video)" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
    await poll(() => dialog.innerText()).toContain("Are you sure you want to delete this test?");
    await settled(page);
    await expectAccessible(page, "confirm delete of a test");
    await dialog.getByRole("button", { name: "Ok" }).click();
    await poll(() => page.locator("body").innerText()).toContain("The test has been deleted.");
    await poll(async () => (await table.getByRole("row").allInnerTexts()).length).toBe(2);
    expect(await table.innerText()).not.toContain("Mandarin Listening and Speaking (Video)");
    expect(await table.innerText()).toContain("Requires scheduling");
    await poll(() => badge.textContent()).toBe("1 open test");
    await context.close();
  });

  it("assigns recommended medical tests with the language dropdown and both acknowledgements", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    const id = await createCandidate(page, "Mateo");
    await page.goto(`/testing/candidates/${id}`);
    const form = page.getByRole("region", { name: "Assign Tests" });
    await form.getByRole("checkbox", { name: "Use recommended medical tests" }).check();
    await form.getByRole("combobox", { name: "Test language" }).click();
    await page.getByRole("option", { name: "Spanish" }).click();
    const ls = form.getByRole("combobox", { name: "Medical Listening and Speaking" });
    await poll(() => ls.inputValue()).toContain("(recommended)");
    const submit = form.getByRole("button", { name: "Assign tests" });
    expect(await submit.isDisabled()).toBe(true);
    await form.getByRole("checkbox", { name: /pricing/ }).check();
    expect(await submit.isDisabled()).toBe(false);

    // A different test than the recommended one needs its own acknowledgement.
    await ls.click();
    await page.getByRole("option", { name: "Medical Spanish Listening and Speaking (Live) · Live" }).click();
    expect(await submit.isDisabled()).toBe(true);
    await form.getByRole("checkbox", { name: /other than the recommended/ }).check();
    expect(await submit.isDisabled()).toBe(false);
    await expectAccessible(page, "assign-tests form with recommended medical tests");
    await form.getByRole("checkbox", { name: "Notify candidate" }).uncheck();
    await submit.click();
    await poll(() => page.locator("body").innerText()).toContain("The test has been assigned.");
    const table = testsTable(page);
    await poll(() => table.innerText()).toContain("Medical Spanish Listening and Speaking (Live)");
    expect(await table.innerText()).toContain("Medical Spanish Reading");
    await context.close();
  });

  it("says so, in the spec's words, when the tests to assign cannot be loaded", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    const id = await createCandidate(page, "Nadia");
    await page.route("**/api/test_assignment/available_tests/**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "down" }) }));
    await page.goto(`/testing/candidates/${id}`);
    const form = page.getByRole("region", { name: "Assign Tests" });
    // With its period (issue 23), once the retries are spent.
    await expect.poll(() => form.getByRole("alert").innerText(), { timeout: 30_000 }).toContain("Unable to load available tests for assignment.");
    await expectAccessible(page, "assign-tests form that could not load");
    await context.close();
  }, 60_000);

  it("renders the candidate's tests and the form in Simplified Chinese", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "office.user@northwind.example");
    const res = await page.request.get(`/api/test_history/search?query=${encodeURIComponent("office:Boston")}&page=1`);
    const candidateId = ((await res.json()) as { results: { candidateId: number }[] }).results[0].candidateId;
    await page.goto(`/testing/candidates/${candidateId}?lang=zh-HANS`);
    await poll(() => page.locator("main").innerText()).toContain("分配测试");
    await poll(() => page.locator("main").innerText()).toContain("访问码");
    await poll(() => page.locator("main").innerText()).toContain("通知考生");
    const text = await page.locator("main").innerText();
    expect(text).toContain("访问码");
    expect(text).toContain("通知考生");
    expect(text).not.toMatch(/(assignment|history)\.(form|columns|status|candidateTests)\./);
    await expectAccessible(page, "candidate page in zh-HANS");
    await context.close();
  });
});
