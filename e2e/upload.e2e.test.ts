import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";

const browser = useBrowser();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });

/** A CSV as a spreadsheet on Windows saves it: byte-order mark, semicolons, CRLF. */
function csvFile(name: string, rows: string[][]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "upload-e2e-")), name);
  fs.writeFileSync(file, `\uFEFF${rows.map((r) => r.join(";")).join("\r\n")}\r\n`);
  return file;
}

describe("bulk upload", () => {
  it("shows each row's error, takes the corrected file, imports it, and the new candidates are found", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    const roles = (await (await page.request.get("/api/healthcare_roles/get_roles")).json()) as { roles: { name: string; specialties: { name: string }[] }[] };
    const role = roles.roles.find((r) => r.specialties.length > 0)!;
    const tag = `Upl${Date.now().toString(36)}`;
    const header = ["Last Name", "First Name", "Email", "Office", "Health Care Role", "Health Care Specialty", "Test Group", "Test", "Method"];
    const person = (last: string, first: string, test: string, group = "") => [last, first, `${first}.${tag}@example.test`.toLowerCase(), "Boston", role.name, role.specialties[0]!.name, group, test, ""];
    const reading = "English Reading Proficiency";

    await page.goto("/testing/candidates");
    await page.getByRole("link", { name: "Upload Candidates" }).click();
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Upload Candidates");
    await expectAccessible(page, "upload, steps 1 to 3");
    const template = await page.request.get(await page.getByRole("link", { name: "Download the template" }).getAttribute("href").then((h) => h!));
    expect(template.status()).toBe(200);

    // A file with errors: the preview says which rows and why.
    const broken = csvFile("people.csv", [header, person(`${tag}王`, "Ming", reading), person(tag, "", reading), person(`${tag}الهاشمي`, "Layla", reading, "Some group")]);
    await page.locator('input[type="file"]').setInputFiles(broken);
    await page.getByRole("button", { name: "Upload and check" }).click();
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Upload Preview");
    const errors = page.getByRole("list", { name: "Errors" });
    await poll(() => errors.innerText()).toContain("Row 3: Please provide a first name.");
    await expect(errors.innerText()).resolves.toContain("Row 4: Must have exactly one ID");
    await expect(page.getByTestId("total-errors").textContent()).resolves.toBe("2");
    await expectAccessible(page, "upload preview with errors");
    // A reload keeps the upload (issue 23: it showed "There is no upload to show").
    expect(new URL(page.url()).searchParams.get("data")).toMatch(/^[a-f0-9]{32}$/);
    await page.reload();
    await poll(() => page.getByRole("list", { name: "Errors" }).innerText()).toContain("Row 3: Please provide a first name.");
    await expect(page.getByTestId("total-errors").textContent()).resolves.toBe("2");

    // The corrected file: no errors, imported.
    await page.getByRole("link", { name: "Upload a corrected file" }).click();
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Upload Candidates");
    const fixed = csvFile("people-fixed.csv", [header, person(`${tag}王`, "Ming", reading), person(tag, "Sam", reading), person(`${tag}الهاشمي`, "Layla", reading)]);
    await page.locator('input[type="file"]').setInputFiles(fixed);
    await page.getByRole("button", { name: "Upload and check" }).click();
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Upload Preview");
    await poll(() => page.getByTestId("total-errors").textContent()).toBe("0");
    await expect(page.getByRole("table", { name: "Rows to import" }).innerText()).resolves.toContain("الهاشمي");
    await page.reload();
    await poll(() => page.getByRole("table", { name: "Rows to import" }).innerText()).toContain("الهاشمي");
    await page.getByRole("button", { name: "Import 3 rows" }).click();
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Upload Complete");
    await expect(page.locator("main").innerText()).resolves.toContain("3 tests assigned");
    await expect(page.locator("main").innerText()).resolves.toContain("3 new candidates");
    // The confirmation page keeps the upload on a reload too.
    await page.reload();
    await poll(() => page.locator("main").innerText()).toContain("3 tests assigned");
    await expect(page.locator("main").innerText()).resolves.toContain("3 new candidates");
    await expectAccessible(page, "upload complete");
    const download = await page.request.get((await page.getByRole("link", { name: "Download the assignments (XLSX)" }).getAttribute("href"))!);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toContain("spreadsheetml");

    // The new candidates are in the candidates list.
    await page.getByRole("link", { name: "Go to candidates" }).click();
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Manage Candidates");
    await page.goto(`/testing/candidates?query=${encodeURIComponent(`last:${tag}`)}`);
    await poll(() => page.locator("main").innerText()).toContain(`${tag}王, Ming`);
    await expect(page.locator("main").innerText()).resolves.toContain(`${tag}, Sam`);
    await expectAccessible(page, "candidates after the upload");
    await context.close();
  });

  it("refuses a file of the wrong type with a message, at phone width", async () => {
    const context = await newContext(browser(), { width: 375, height: 800 });
    const page = await context.newPage();
    await signIn(page, "office.user@northwind.example");
    await page.goto("/testing/candidates/changes");
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Bulk Changes");
    await expectAccessible(page, "bulk changes");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "upload-e2e-")), "notes.txt");
    fs.writeFileSync(file, "hello");
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole("button", { name: "Upload and check" }).click();
    await poll(() => page.getByRole("alert").innerText()).toContain("Only .csv and .xlsx files can be uploaded.");
    await context.close();
  });
});
