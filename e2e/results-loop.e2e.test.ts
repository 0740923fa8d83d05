import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";
import { ApiSession, signInWithCode } from "./support/candidate-test";

/**
 * The portal's main loop, as the people in it would go through it: Northwind's administrator
 * assigns the online English reading test on the candidate's page, the candidate signs in with the
 * access code and takes the test, the evaluator finds it under Tests to score and submits levels,
 * and the administrator sees the level in test history and downloads the report, whose
 * verification key checks out on the public verification page.
 */
const browser = useBrowser();

/** Screens load over the network: wait up to 10 s for what a person would wait for. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

/** Dialogs fade in: check them once their transitions have finished. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

const TEST = "English Reading Proficiency";
const LEVEL = "9";
const main = (page: Page) => page.locator("main");

/** Whether the element is on screen right now, without scrolling. */
async function onScreen(page: Page, loc: ReturnType<Page["locator"]>): Promise<boolean> {
  const box = await loc.boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

/** A fresh Boston candidate of Northwind (the candidate form has its own browser test). */
async function createCandidate(firstName: string): Promise<{ id: number; firstName: string; lastName: string; name: string }> {
  const admin = await ApiSession.signIn("admin@northwind.example");
  const { offices } = await admin.call<{ offices: { id: number; name: string }[] }>("POST", "/api/offices/list", { page: 1 });
  const { roles } = await admin.call<{ roles: { id: number; specialties: { id: number }[] }[] }>("GET", "/api/healthcare_roles/get_roles");
  const role = roles.find((r) => r.specialties.length > 0)!;
  const lastName = `Loop${Date.now().toString(36)}`;
  const { id } = await admin.call<{ id: number }>("POST", "/api/candidates/edit", {
    firstName,
    lastName,
    emailAddress: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.test`,
    languageId: 140,
    officeId: offices.find((o) => o.name === "Boston")!.id,
    healthCareRoleId: role.id,
    healthCareSpecialtyId: role.specialties[0].id,
  });
  return { id, firstName, lastName, name: `${firstName} ${lastName}` };
}

/** Answers a radio question by its choice's label, as a person would. */
async function choose(page: Page, question: number, choice: string) {
  await page.getByRole("radiogroup", { name: new RegExp(`^Question ${question}:`) }).getByRole("radio", { name: choice, exact: true }).check();
}
const textbox = (page: Page, question: number) => page.getByRole("textbox", { name: new RegExp(`^Question ${question}:`) });

describe("the results loop", () => {
  let candidate: Awaited<ReturnType<typeof createCandidate>>;
  let accessCode = "";

  beforeAll(async () => {
    candidate = await createCandidate("Lorna");
  });

  it("the account administrator assigns the online English reading test on the candidate's page", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    await page.goto(`/testing/candidates/${candidate.id}`);
    const form = page.getByRole("region", { name: "Assign Tests" });
    const tests = form.getByRole("combobox", { name: "Tests" });
    await poll(() => tests.count()).toBe(1);
    await tests.click();
    await tests.fill(TEST.slice(0, 12));
    await page.getByRole("option", { name: `${TEST} · Online`, exact: true }).click();
    await page.keyboard.press("Escape");
    await expectAccessible(page, "candidate page with the test chosen");
    await form.getByRole("button", { name: "Assign tests" }).click();

    const row = page.getByRole("table", { name: "Tests of this candidate" }).getByRole("row").filter({ hasText: TEST });
    await poll(() => row.count()).toBe(1);
    // Columns after the test's name: Method, Access Code, …
    accessCode = (await row.getByRole("cell").nth(1).innerText()).trim();
    expect(accessCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}$/);
    // One date style in the table: the expiry (a date) reads like the date part of a date-time.
    const expires = (await row.getByRole("cell").nth(3).innerText()).trim();
    expect(expires).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expectAccessible(page, "candidate page with the assigned test");
    await context.close();
  });

  it("the candidate signs in with the access code and takes the test to the Thank You screen", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signInWithCode(page, accessCode);
    await page.goto("/testing/tests");
    const entry = page.getByRole("region", { name: "Assigned Tests" }).getByRole("listitem", { name: TEST });
    await poll(() => entry.count()).toBe(1);
    await expectAccessible(page, "Take A Test");
    await entry.getByRole("link").first().click();
    await page.waitForURL(/\/testing\/tests\/\d+$/);

    await poll(() => page.getByRole("heading", { name: "Check your computer" }).count()).toBe(1);
    await expectAccessible(page, "capability check");
    await page.getByRole("button", { name: "Play sample sound" }).click();
    await page.getByRole("checkbox", { name: "I can hear the sample sound" }).check();
    await page.getByRole("checkbox", { name: "The sample text reads correctly" }).check();
    await page.getByRole("button", { name: "Continue" }).click();

    await poll(() => page.getByRole("heading", { name: TEST }).count()).toBe(1);
    await expectAccessible(page, "prelude");
    await page.getByRole("checkbox", { name: /I confirm that I am the person this test was assigned to/ }).check();
    await page.getByRole("button", { name: "Start Test" }).click();
    const start = page.getByRole("dialog", { name: "Start the test?" });
    await start.waitFor();
    await settled(page);
    await start.getByRole("button", { name: "Start", exact: true }).click();

    const progress = page.getByRole("region", { name: "Test progress" });
    await poll(() => progress.innerText()).toContain("Page 1 of 2");
    // Two right answers and one wrong one, so the evaluator sees both kinds of automatic result.
    await choose(page, 1, "A library that now lends everyday objects as well as books");
    await choose(page, 2, "Visitors had asked to borrow things they rarely need.");
    await choose(page, 5, "persuaded");
    await textbox(page, 8).fill("They feared tools would distract from reading and cost money to replace.");
    await expectAccessible(page, "page 1 of the test");
    await page.getByRole("button", { name: "Next" }).click();
    await poll(() => progress.innerText()).toContain("Page 2 of 2");
    await page.getByRole("button", { name: "Review" }).click();
    await poll(() => page.getByRole("heading", { name: "Review your answers" }).count()).toBe(1);
    await page.getByRole("button", { name: "Submit test answers" }).click();
    // Unanswered questions are warned about first; the candidate goes on anyway.
    const warn = page.getByRole("dialog", { name: "Unanswered questions" });
    await warn.waitFor();
    await warn.getByRole("button", { name: "Continue" }).click();
    const confirm = page.getByRole("dialog", { name: "Submit test answers?" });
    await confirm.waitFor();
    await settled(page);
    await confirm.getByRole("button", { name: "Submit", exact: true }).click();
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank You");
    await expectAccessible(page, "Thank You");
    await context.close();
  });

  let verificationKey = "";
  let candidateTestId = 0;

  it("the evaluator finds the test under Tests to score, sets the levels and submits them", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "evaluator@parlance.example");
    await page.goto("/testing");
    await page.getByRole("link", { name: /Submit Test Results/ }).click();
    await page.waitForURL("**/testing/results");
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Tests to Score");
    const row = page.getByRole("row").filter({ hasText: candidate.name });
    await poll(() => row.count()).toBe(1);
    // A test submitted just now is due later, after the demo world's overdue, today and tomorrow ones.
    expect(await page.getByRole("heading", { level: 2 }).allInnerTexts()).toEqual(["Overdue", "Due Today", "Due Tomorrow", "Due Later"]);
    expect(await row.innerText()).toContain(TEST);
    expect(await row.innerText()).toContain("Online");
    await expectAccessible(page, "Tests to Score");
    await row.getByRole("link").click();
    await page.waitForURL(/\/testing\/results\/\d+\/edit$/);
    // Results are kept per candidate test (the assigned test's attempt), with their own id.
    candidateTestId = Number(new URL(page.url()).pathname.split("/")[3]);

    const form = page.getByRole("form", { name: "Test results" });
    await poll(() => form.count()).toBe(1);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(TEST);
    // The candidate's responses, read-only, with the automatic result of the choice items.
    const q8 = page.getByRole("article", { name: "Question 8", exact: true });
    expect(await q8.getByRole("textbox", { name: "Candidate's response" }).innerText()).toBe("They feared tools would distract from reading and cost money to replace.");
    // The candidate's response and the question are marked as the test's language (WCAG 3.1.2).
    expect(await q8.getByRole("textbox", { name: "Candidate's response" }).getAttribute("lang")).toBe("en");
    expect(await q8.locator("[lang=en]").count()).toBeGreaterThan(1);
    const q1 = page.getByRole("article", { name: "Question 1", exact: true });
    expect(await q1.innerText()).toContain("Answer key");
    expect(await q1.getByRole("radio", { name: "Correct", exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole("article", { name: "Question 3", exact: true }).getByRole("radio", { name: "Not answered" }).isChecked()).toBe(true);
    await expectAccessible(page, "Scoring");

    // Online reading has objectives, so the button reads Save Results. Nothing chosen: the final level first.
    const save = page.getByRole("button", { name: "Save Results" });
    // The page is long, yet Save and a link to every section stay on screen at the top of it.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(3 * page.viewportSize()!.height);
    expect(await onScreen(page, save)).toBe(true);
    const bar = page.getByRole("navigation", { name: "Sections and saving" });
    await bar.getByRole("link", { name: "Results" }).click();
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("result-heading");
    expect(await onScreen(page, page.getByRole("heading", { name: "Results", level: 2 }))).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await save.click();
    await poll(() => main(page).innerText()).toContain("A required field is missing.");
    // The message of what is missing is beside the button, wherever the page is scrolled.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await onScreen(page, page.getByRole("alert").filter({ hasText: "A required field is missing." }))).toBe(true);
    const alta = page.getByRole("radiogroup", { name: /ALTA level/ });
    await alta.getByRole("radio", { name: LEVEL, exact: true }).check();
    await save.click();
    await poll(() => main(page).innerText()).toContain("Please select a value for each item.");
    // Checked from the top: mid-page, a control half under the sticky bar reads to axe as a small target.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, "Scoring with a problem shown");
    // On a phone the section links are one select; Save is still on screen.
    const phone = await newContext(browser(), { width: 375, height: 740 });
    const small = await phone.newPage();
    await signIn(small, "evaluator@parlance.example");
    await small.goto(`/testing/results/${candidateTestId}/edit`);
    const smallSave = small.getByRole("button", { name: "Save Results" });
    await poll(() => smallSave.count()).toBe(1);
    expect(await onScreen(small, smallSave)).toBe(true);
    expect(await onScreen(small, small.getByRole("combobox", { name: "Go to a section" }))).toBe(true);
    await expectAccessible(small, "Scoring on a phone");
    if (process.env.SAVE_SCREENSHOTS) await small.screenshot({ path: "/tmp/scoring-375.png" });
    if (process.env.SAVE_SCREENSHOTS) await page.screenshot({ path: "/tmp/scoring-1280.png" });
    await phone.close();
    // Every other level, as the evaluator rates them: the fourth of five ("4 – Good").
    const groups = form.getByRole("radiogroup");
    for (let i = 0; i < (await groups.count()); i++) {
      const group = groups.nth(i);
      if ((await group.getByRole("radio", { checked: true }).count()) === 0) await group.getByRole("radio", { name: "4 – Good" }).check();
    }
    await page.getByLabel("Comments").fill("Clear, well-organised answers to the questions attempted.");
    await save.click();
    const confirm = page.getByRole("dialog", { name: "Submit results?" });
    await confirm.waitFor();
    await settled(page);
    await expectAccessible(page, "submit confirmation");
    await confirm.getByRole("button", { name: "Save Results" }).click();
    await poll(() => page.locator("body").innerText()).toContain("Your results have been submitted successfully.");
    await page.waitForURL("**/testing/results");
    await poll(() => page.getByRole("row").filter({ hasText: candidate.name }).count()).toBe(0);

    // A submitted result is final: the page shows it read-only.
    await page.goto(`/testing/results/${candidateTestId}/edit`);
    await poll(() => main(page).innerText()).toContain(`Level: ${LEVEL}`);
    expect(await main(page).innerText()).toContain("Results submitted");
    expect(await page.getByRole("button", { name: "Save Results" }).count()).toBe(0);
    verificationKey = (await main(page).innerText()).match(/Verification key:\s*(\S+)/)?.[1] ?? "";
    expect(verificationKey).not.toBe("");
    await expectAccessible(page, "Scoring, read-only after submission");
    await context.close();
  });

  it("the administrator sees the level in test history and downloads the report with its verification key", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    await page.goto("/testing/candidates/tests");
    await page.getByLabel("Advanced search").fill(`last:${candidate.lastName}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const row = page.getByRole("row").filter({ hasText: TEST });
    await poll(() => row.count()).toBe(1);
    await poll(() => row.innerText()).toMatch(new RegExp(`\\b${LEVEL}\\b`));
    await expectAccessible(page, "test history with the scored test");

    // The report: the PDF the portal serves at /testing/results/{id}/download, in the admin's session.
    const res = await page.request.get(`/testing/results/${candidateTestId}/download`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/pdf");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parlance-report-")), "report.pdf");
    fs.writeFileSync(file, await res.body());
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
    // The report may print the key in groups; spaces and dashes do not count.
    const bare = (v: string) => v.replace(/[\s-]/g, "").toUpperCase();
    expect(bare(text)).toContain(bare(verificationKey));
    expect(text).toContain(TEST);
    await context.close();
  });

  it("anyone verifies the key on the public verification page", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto("/testing/results/verify");
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Verify a Result");
    await expectAccessible(page, "Verify a Result");
    await page.getByLabel("Result key").fill(verificationKey);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Verified Result");
    await poll(() => main(page).innerText()).toContain(TEST);
    const shown = await main(page).innerText();
    expect(shown).toContain(candidate.name);
    expect(shown).toMatch(new RegExp(`ALTA level\\s+${LEVEL}\\b`));
    await expectAccessible(page, "verification result");
    await context.close();
  });
});
