import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";
import { compactCredential } from "../packages/contract/src/results/credential-check";

const browser = useBrowser();

/** The text of a PDF as a person would read it (poppler's pdftotext). */
function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-e2e-pdf-"));
  try {
    fs.writeFileSync(path.join(dir, "r.pdf"), bytes);
    return execFileSync("pdftotext", ["-layout", path.join(dir, "r.pdf"), "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface HistoryPage {
  results: { candidateId: number; candidateName: string; result: string; test: string }[];
}
interface Record {
  candidate_test_id: number | null;
  result_value: string | null;
  result_state: string | null;
}

/** The account administrator downloads the report of the demo candidate's scored test; its printed key and whose it is. */
async function printedKey(): Promise<{ key: string; candidateName: string; level: string }> {
  const context = await newContext(browser());
  const page = await context.newPage();
  await signIn(page, "admin@northwind.example");
  const history = (await (await context.request.get(`/api/test_history/search?query=${encodeURIComponent("email:candidate@northwind.example")}&page=1`)).json()) as HistoryPage;
  const scored = history.results.find((r) => /^\d+\+?$/.test(r.result));
  if (!scored) throw new Error("the demo candidate has no scored result");
  const records = (await (await context.request.get(`/api/test_history/get_history?candidate_profile_id=${scored.candidateId}`)).json()) as Record[];
  const record = records.find((r) => r.result_state === "scored" && r.candidate_test_id !== null)!;
  const pdf = await context.request.get(`/testing/results/${record.candidate_test_id}/download`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = pdfText(await pdf.body());
  const key = /\b([0-9A-Z]{4}(?:-[0-9A-Z]{4}){4})\b/.exec(text)?.[1];
  if (!key) throw new Error(`no key in the report:\n${text}`);
  await context.close();
  return { key, candidateName: scored.candidateName, level: record.result_value! };
}

describe("testing scales and verification by key", () => {
  it("the scales page shows the ALTA table, signed out and at 375 px", async () => {
    const context = await newContext(browser(), { width: 375, height: 760 });
    const page = await context.newPage();
    await page.goto("/testing/scales");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Testing Scales");
    const table = page.getByRole("table", { name: "ALTA levels and their CEFR, ILR and ACTFL equivalents" });
    await expect.poll(() => table.getByRole("row").count()).toBe(14);
    const top = table.getByRole("row").last();
    expect(await top.getByRole("rowheader").innerText()).toBe("12+");
    expect(await top.innerText()).toContain("Distinguished");
    // The page itself does not scroll sideways; the table scrolls in its own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, "testing scales at 375 px");
    await page.goto("/testing/scales?lang=zh-HANS");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("测试等级量表");
    expect(await page.getByRole("table").innerText()).toContain("杰出级");
    await context.close();
  });

  it("a printed key verifies on the public page, typed in lower case; wrong and malformed keys get the spec's messages", async () => {
    const printed = await printedKey();
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto("/testing/results/verify");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Verify a Result");
    await expectAccessible(page, "verify a result");

    const field = page.getByLabel("Result key");
    await field.fill("ABC-123");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => page.getByText("An error occurred while attempting to verify this key. Double-check the key as printed to ensure it's entered correctly.").isVisible()).toBe(true);

    await field.fill("0000-0000-0000-0000-0000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "No results match that key." }).isVisible()).toBe(true);
    await expectAccessible(page, "verify a result with an error");

    await field.fill(printed.key.toLowerCase());
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/testing/results/verified/${printed.key.replace(/-/g, "")}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Verified Result");
    await expect.poll(() => page.getByRole("status").filter({ hasText: printed.key }).isVisible()).toBe(true);
    const facts = await page.locator("dl").innerText();
    // The history lists "Last, First": the page shows the name as the candidate writes it.
    for (const part of printed.candidateName.split(/,\s*/)) expect(facts).toContain(part.split(" ")[0]);
    expect(facts).toContain(printed.level);
    expect(facts).toContain("CEFR");
    expect(facts).not.toMatch(/@|Northwind/);
    await expectAccessible(page, "verified result");
    // The result log: the checkpoint's signature and the entry's proof checked in this browser.
    const log = page.getByTestId("log-inclusion");
    await expect.poll(() => log.getByRole("status").innerText()).toContain("In the public result log: entry");
    await log.getByRole("button", { name: "Show the proof" }).click();
    await expect.poll(() => log.getByRole("button", { name: "Hide the proof" }).getAttribute("aria-expanded")).toBe("true");
    expect(await log.innerText()).toContain('"type":"result.issued"');
    expect(await log.innerText()).toContain("/result-log\n");
    await expectAccessible(page, "verified result with its log proof");
    await context.close();
  });

  it("a credential checks in the browser: pasted, from the PDF, from the QR's address; tampering fails; it still checks with the server's database routes failing", async () => {
    const printed = await printedKey();
    const key = printed.key.replace(/-/g, "");
    // The report PDF (attached credential) and the same credential by its key.
    const admin = await newContext(browser());
    const adminPage = await admin.newPage();
    await signIn(adminPage, "admin@northwind.example");
    const jwt = ((await (await admin.request.get(`/api/test_results/credential/${key}`)).json()) as { jwt: string }).jwt;
    const history = (await (await admin.request.get(`/api/test_history/search?query=${encodeURIComponent("email:candidate@northwind.example")}&page=1`)).json()) as HistoryPage;
    const records = (await (await admin.request.get(`/api/test_history/get_history?candidate_profile_id=${history.results[0].candidateId}`)).json()) as Record[];
    const pdfs = await Promise.all(records.filter((r) => r.result_state === "scored" && r.candidate_test_id !== null).map(async (r) => (await admin.request.get(`/testing/results/${r.candidate_test_id}/download`)).body()));
    const pdf = pdfs.find((b) => pdfText(b).includes(printed.key))!;
    await admin.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-e2e-credential-"));
    fs.writeFileSync(path.join(dir, "result.pdf"), pdf);

    const context = await newContext(browser(), { width: 375, height: 800 });
    const page = await context.newPage();
    await page.goto("/testing/results/verify");
    await expect.poll(() => page.getByRole("heading", { name: "Check a credential" }).isVisible()).toBe(true);
    const outcomes = () => page.locator("[data-check]").evaluateAll((items) => items.map((i) => `${i.getAttribute("data-check")}:${i.getAttribute("data-outcome")}`));

    // Pasted.
    await page.getByLabel("Credential or verification address").fill(jwt);
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await expect.poll(outcomes).toEqual(["structure:passed", "signature:passed", "issuerKey:passed", "status:passed", "logInclusion:passed"]);
    expect(await page.getByTestId("credential-report").innerText()).toContain("Valid: this credential was issued by the provider");
    expect(await page.getByTestId("credential-report").innerText()).toContain(printed.level);
    await expectAccessible(page, "a checked credential at 375 px");

    // A changed level: the signature no longer matches.
    const [h, p, sig] = jwt.split(".");
    const vc = JSON.parse(Buffer.from(p, "base64url").toString("utf8"));
    vc.credentialSubject.result[0].value = "12+";
    await page.getByLabel("Credential or verification address").fill(`${h}.${Buffer.from(JSON.stringify(vc)).toString("base64url")}.${sig}`);
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await expect.poll(outcomes).toEqual(["structure:passed", "signature:failed", "issuerKey:passed", "status:notChecked", "logInclusion:notChecked"]);
    expect(await page.getByTestId("credential-report").innerText()).toContain("Not valid");

    // The database-backed routes fail (and then the whole server): the PDF still checks, with the keys and list this browser kept.
    await context.route("**/api/**", (route) => route.fulfill({ status: 503, body: "database unavailable" }));
    await context.route("**/credentials/**", (route) => route.fulfill({ status: 503, body: "database unavailable" }));
    await context.route("**/.well-known/**", (route) => route.abort("connectionrefused"));
    await page.getByLabel("Credential or verification address").fill("");
    await page.locator("input[type=file]").setInputFiles(path.join(dir, "result.pdf"));
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await expect.poll(outcomes).toEqual(["structure:passed", "signature:passed", "issuerKey:passed", "status:passed", "logInclusion:notChecked"]);
    await context.unrouteAll();

    // The QR code's address, opened as a phone would, in Chinese.
    await page.goto(`/testing/results/verified/${key}?lang=zh-HANS#vc=${await compactCredential(jwt)}`);
    await expect.poll(outcomes).toEqual(["structure:passed", "signature:passed", "issuerKey:passed", "status:passed", "logInclusion:passed"]);
    expect(await page.getByTestId("credential-report").innerText()).toContain("有效");
    await expectAccessible(page, "the QR code's address");
    fs.rmSync(dir, { recursive: true, force: true });
    await context.close();
  });
});
