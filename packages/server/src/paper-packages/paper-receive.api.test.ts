import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accountTests, assignedTests, candidateTests, paperPackages, paperPackageTests, paperResponses, scoringAssignments, tests } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { insertAssignedTest, insertCandidate } from "../candidates/test-fixtures.js";
import { isPdf } from "./receive.js";
import { makePackagePdf } from "./package-pdf.js";

/** Paper responses received: hostile files and who may mark them (issue 14, point 5). The job runs by hand here. */
let t: TestApp;
const cookies: Record<string, string> = {};
const A_PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "latin1");

/** A paper test already sent out (its attempt outstanding), in an office of Northwind or in Contoso. */
async function outstandingPaper(opts: { office?: number | null; account?: "northwind" | "contoso" } = {}) {
  const candidateId = await insertCandidate(t, { firstName: "Sent", lastName: `Out${Date.now()}${Math.random().toString(36).slice(2, 6)}`, office: opts.office, account: opts.account });
  const { id } = await insertAssignedTest(t, candidateId, { test: opts.account === "contoso" ? "fr-en-translation-paper" : "es-reading-paper" });
  const [a] = await t.ctx.db.select({ accountId: assignedTests.accountId }).from(assignedTests).where(eq(assignedTests.id, id));
  await t.ctx.db.insert(candidateTests).values({ assignedTestId: id, candidateId, accountId: a.accountId, state: "outstanding", startedAt: new Date() });
  return id;
}
const stateOf = async (id: number) => (await t.ctx.db.select({ s: candidateTests.state }).from(candidateTests).where(eq(candidateTests.assignedTestId, id)))[0].s;

function upload(id: number, who: string, file: { name?: string; type?: string; data: Buffer } | null) {
  const boundary = "----paperHostile9";
  const parts = file
    ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? "scan.pdf"}"\r\nContent-Type: ${file.type ?? "application/pdf"}\r\n\r\n`), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]
    : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nno file\r\n--${boundary}--\r\n`)];
  return t.app.inject({
    method: "POST",
    url: `/api/paper_test_groups/tests/${id}/receive_scan`,
    headers: { cookie: cookies[who], "content-type": `multipart/form-data; boundary=${boundary}`, origin: "http://localhost:3000" },
    payload: Buffer.concat(parts),
  });
}

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of ["admin@northwind.example", "office.user@northwind.example", "candidate@northwind.example", "admin@contoso.example"]) cookies[email] = await t.signIn(email);
}, 60_000);
afterAll(() => t?.close());

describe("scanned responses: hostile files change nothing", () => {
  it("refuses an empty file, a renamed binary, a zip, a PDF header without its end, a form without a file, and a file over 20 MB (413)", async () => {
    const id = await outstandingPaper();
    const zip = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(200, 1)]);
    const cases: [Parameters<typeof upload>[2], number, string][] = [
      [{ data: Buffer.alloc(0) }, 400, "The scanned responses must be a PDF file."],
      [{ data: Buffer.from("MZ\x90\x00\x03\x00\x00\x00 renamed exe", "latin1"), name: "scan.pdf" }, 400, "The scanned responses must be a PDF file."],
      [{ data: zip, name: "scan.pdf" }, 400, "The scanned responses must be a PDF file."],
      [{ data: Buffer.from("%PDF-1.7\n" + "x".repeat(2000), "latin1") }, 400, "The scanned responses must be a PDF file."],
      [null, 400, "Please choose the scanned responses (a PDF file)."],
      [{ data: Buffer.alloc(20 * 1024 * 1024 + 10, 0x25) }, 413, "The scanned responses may be at most 20 MB."],
    ];
    for (const [file, status, message] of cases) {
      const res = await upload(id, "admin@northwind.example", file);
      expect([res.statusCode, res.json().message], message).toEqual([status, message]);
    }
    expect(await stateOf(id)).toBe("outstanding");
    const [attempt] = await t.ctx.db.select({ id: candidateTests.id }).from(candidateTests).where(eq(candidateTests.assignedTestId, id));
    expect(await t.ctx.db.select().from(paperResponses).where(eq(paperResponses.candidateTestId, attempt.id))).toEqual([]);
    expect(await t.ctx.db.select().from(scoringAssignments).where(eq(scoringAssignments.candidateTestId, attempt.id))).toEqual([]);
  }, 60_000);

  it("knows a PDF by its first bytes and its end marker", () => {
    expect(isPdf(A_PDF)).toBe(true);
    expect(isPdf(Buffer.from("%PDF-"))).toBe(false);
    expect(isPdf(Buffer.from("hello %PDF- %%EOF and more text"))).toBe(false);
  });
});

describe("who may mark a paper test received", () => {
  it("an office user only in their office, another account never (404), a candidate never (403); a test not sent out is 409", async () => {
    const otherOffice = await outstandingPaper({ office: 1 });
    const contoso = await outstandingPaper({ account: "contoso", office: null });
    const body = { responses: "1. a" };
    const post = (id: number, who: string) => t.request({ method: "POST", url: `/api/paper_test_groups/tests/${id}/receive_entered`, cookie: cookies[who], body });
    expect((await post(otherOffice, "office.user@northwind.example")).statusCode).toBe(404);
    expect((await post(contoso, "admin@northwind.example")).statusCode).toBe(404);
    expect((await post(otherOffice, "candidate@northwind.example")).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: `/api/paper_test_groups/tests/${otherOffice}/receive_entered`, body })).statusCode).toBe(401);
    expect((await post(999_999_999, "admin@northwind.example")).statusCode).toBe(404);
    const long = await t.request({ method: "POST", url: `/api/paper_test_groups/tests/${otherOffice}/receive_entered`, cookie: cookies["admin@northwind.example"], body: { responses: "x".repeat(20_001) } });
    expect([long.statusCode, long.json().message]).toEqual([400, "The responses may be at most 20,000 characters."]);
    expect(await stateOf(otherOffice)).toBe("outstanding");
    expect(await stateOf(contoso)).toBe("outstanding");

    const notSent = (await insertAssignedTest(t, await insertCandidate(t, { firstName: "Not", lastName: "SentYet" }), { test: "es-reading-paper" })).id;
    const res = await post(notSent, "admin@northwind.example");
    expect([res.statusCode, res.json().message]).toEqual([409, "This paper test is not awaiting responses."]);

    // The account's administrator reaches the other office's test; Contoso's administrator their own.
    expect((await post(otherOffice, "admin@northwind.example")).statusCode).toBe(200);
    expect((await post(contoso, "admin@contoso.example")).statusCode).toBe(200);
    expect(await stateOf(contoso)).toBe("received");
  });
});

describe("a package partly come back", () => {
  it("turns the package's tests still awaiting responses partially received once one of them is received; each turns received with its own", async () => {
    const admin = cookies["admin@northwind.example"];
    const [first, second, third, alone] = [await outstandingPaper(), await outstandingPaper(), await outstandingPaper(), await outstandingPaper()];
    const [pkg] = await t.ctx.db.insert(paperPackages).values({ groupKey: `partial-${Date.now()}`, accountId: t.ids.accounts.northwind }).returning({ id: paperPackages.id });
    await t.ctx.db.insert(paperPackageTests).values([first, second, third].map((assignedTestId, position) => ({ packageId: pkg.id, assignedTestId, position })));
    const receive = (id: number) => t.request({ method: "POST", url: `/api/paper_test_groups/tests/${id}/receive_entered`, cookie: admin, body: { responses: "1. b" } });
    expect((await receive(first)).statusCode).toBe(200);
    expect([await stateOf(first), await stateOf(second), await stateOf(third), await stateOf(alone)]).toEqual(["received", "partially_received", "partially_received", "outstanding"]);
    const [dated] = await t.ctx.db.select({ receivedAt: candidateTests.receivedAt }).from(candidateTests).where(eq(candidateTests.assignedTestId, second));
    expect(dated.receivedAt).toBeInstanceOf(Date);
    // Still outstanding (incomplete) on the outstanding page, and received when its own responses come.
    const listed: { id: number; incomplete: boolean }[] = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const body = (await t.request({ method: "POST", url: "/api/paper_test_groups/list_outstanding", cookie: admin, body: { page } })).json() as { pageCount: number; candidates: { tests: { id: number; incomplete: boolean }[] }[] };
      pages = body.pageCount;
      listed.push(...body.candidates.flatMap((c) => c.tests));
    }
    expect([second, third, alone].map((id) => listed.find((x) => x.id === id)?.incomplete)).toEqual([true, true, false]);
    expect((await receive(second)).statusCode).toBe(200);
    expect([await stateOf(second), await stateOf(third)]).toEqual(["received", "partially_received"]);
  });
});

describe("the package PDF job", () => {
  it("makes the PDF of a package (ready), and marks a package failed when a test has no content to print", async () => {
    const admin = cookies["admin@northwind.example"];
    const link = async (key: string) => (await t.request({ method: "POST", url: "/api/paper_test_groups/get_download_link", cookie: admin, body: { group_key: key } })).json();
    const make = async (assignedTestId: number) => {
      const created = await t.request({ method: "POST", url: "/api/paper_test_groups/create", cookie: admin, body: { assigned_tests: [assignedTestId] } });
      expect(created.statusCode, created.body).toBe(200);
      const key = created.json().group_key as string;
      expect(await link(key)).toMatchObject({ status: "pending", url: null, test_count: 1 });
      const [pkg] = await t.ctx.db.select({ id: paperPackages.id }).from(paperPackages).where(eq(paperPackages.groupKey, key));
      await makePackagePdf(t.ctx, { packageId: pkg.id });
      return key;
    };
    const good = await make((await insertAssignedTest(t, await insertCandidate(t, { firstName: "Good", lastName: "Package" }), { test: "es-reading-paper" })).id);
    expect(await link(good)).toMatchObject({ status: "ready", url: `/api/paper_test_groups/download/${good}` });

    // A proctored paper test of the catalogue without any content yet.
    const [bare] = await t.ctx.db
      .insert(tests)
      .values({ description: "Bare Paper Test", languageId: 150, method: "paper", durationMinutes: 60, proctored: true, testType: "reading" })
      .returning({ id: tests.id });
    const [accountTest] = await t.ctx.db
      .insert(accountTests)
      .values({ accountId: t.ids.accounts.northwind, testId: bare.id, feeCents: 2800, shortNoticeFeeCents: 2300 })
      .returning({ id: accountTests.id });
    const candidateId = await insertCandidate(t, { firstName: "Broken", lastName: "Package" });
    const [assigned] = await t.ctx.db
      .insert(assignedTests)
      .values({ accountId: t.ids.accounts.northwind, officeId: t.ids.offices.northwind[0], candidateId, accountTestId: accountTest.id, testId: bare.id, accessCode: `BARE-${Date.now()}`, state: "takeable", expiresAt: new Date(Date.now() + 86_400_000) })
      .returning({ id: assignedTests.id });
    const broken = await make(assigned.id);
    expect(await link(broken)).toMatchObject({ status: "failed", url: null });
    const mail = await t.request({ method: "POST", url: "/api/paper_test_groups/alert", cookie: admin, body: { group_key: broken, email_address: "p@example.com" } });
    expect([mail.statusCode, mail.json().message]).toEqual([422, "An error occurred while attempting to send proctor instructions."]);
    expect((await t.app.inject({ method: "GET", url: `/api/paper_test_groups/download/${broken}` })).statusCode).toBe(404);
  });
});
