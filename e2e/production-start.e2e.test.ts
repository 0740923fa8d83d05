import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { freePort } from "../scripts/free-port.mjs";
import { serverMain } from "../scripts/server-build.mjs";
import { createScratchDatabase } from "../packages/server/src/db/scratch";
import { selfSignedP12 } from "../packages/server/src/pdf/sign";
import { expectAccessible, launchBrowser, signIn } from "./support/browser";
import { signInWithCode } from "./support/candidate-test";

/**
 * A provider's first day (issue 17): an EMPTY production database, the first Administrator made
 * with `npm run admin -- create-admin`, the built server started as `npm start` runs it with
 * NODE_ENV=production, mail by SMTP (a server in this test); then, in the browser only, the
 * Administrator activates from the mail and sets up a client account with an office and its
 * administrator, a test with uploaded content at a price for that account, and an evaluator; the
 * client administrator activates, adds a candidate and assigns the test, whose mail gives the
 * candidate the access code; the candidate takes the test to its receipt; the evaluator finds it
 * to score. On a scratch database of the local PostgreSQL server (TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test), or an empty embedded DATA_DIR when none answers.
 */

const root = path.resolve(import.meta.dirname, "..");
const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });
const stamp = Date.now().toString(36);
const TEST_NAME = `Workplace English Writing ${stamp}`;
const CONTENT_KEY = `workplace-writing-${stamp}`;
const ACCOUNT = "Harbor Dental Group";
const PASSWORD = "Provider-Start-26";

interface Mail {
  to: string[];
  text: string;
}
const mails: Mail[] = [];
let smtp: SMTPServer;
let dropDatabase: (() => Promise<void>) | undefined;
/** The content file, and the embedded database's folder when there is no PostgreSQL. */
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-production-start-"));
let server: ChildProcess | undefined;
let serverOutput = "";
let browser: Browser;
let url = "";
let env: Record<string, string> = {};

/** Undoes quoted-printable soft breaks and escapes, enough to read a received mail's text. */
const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The newest mail to `to` matching `pattern`, once it has arrived: the match. */
async function mailTo(to: string, pattern: RegExp): Promise<RegExpMatchArray> {
  let found: RegExpMatchArray | null | undefined;
  await poll(() => (found = mails.filter((m) => m.to.includes(to)).map((m) => m.text.match(pattern)).findLast(Boolean)) ?? null, 20_000).not.toBeNull();
  return found!;
}
/** The activation link's path: the link itself is at PUBLIC_URL. */
async function activationPath(to: string): Promise<string> {
  const [link, origin] = await mailTo(to, /(\S+)\/setup_account\/[\w-]+/);
  expect(origin).toBe(url);
  return new URL(link).pathname;
}

/**
 * A new, empty database on the PostgreSQL server of the run, or null when no server answers there
 * (then the embedded database, in an empty folder). Any other failure is the test's.
 */
async function scratchDatabase(): Promise<Awaited<ReturnType<typeof createScratchDatabase>> | null> {
  try {
    return await createScratchDatabase(process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test", "parlance_production_start");
  } catch (err) {
    if (["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ETIMEDOUT", "EAI_AGAIN"].includes((err as { code?: string }).code ?? "")) return null;
    throw err;
  }
}

function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The built server (packages/server/dist/main.js), as `npm start` runs it, until it answers. */
async function startServer(): Promise<void> {
  server = spawn(process.execPath, ["--enable-source-maps", serverMain], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.on("data", (d) => (serverOutput += d));
  server.stderr!.on("data", (d) => (serverOutput += d));
  for (const deadline = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 250))) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${serverOutput}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer:\n${serverOutput}`);
    if (await fetch(`${url}/api/startup`).then((r) => r.ok, () => false)) return;
  }
}

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 }, locale: "en-US", timezoneId: "America/New_York", reducedMotion: "reduce" });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Opens an activation link as its owner, chooses the password and signs in. */
async function activate(page: Page, email: string, screen?: string): Promise<void> {
  await page.goto(await activationPath(email));
  await page.getByLabel(/^new password/i).fill(PASSWORD);
  await page.getByLabel(/retype/i).fill(PASSWORD);
  if (screen) await expectAccessible(page, screen);
  await page.getByRole("button", { name: "Activate account" }).click();
  await poll(() => page.locator("main").innerText()).toContain("Your account is active.");
  await signIn(page, email, PASSWORD);
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text: decodeQuotedPrintable(Buffer.concat(chunks).toString("utf8")) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const scratch = await scratchDatabase();
  dropDatabase = scratch?.drop;
  const database = scratch ? { DATABASE_URL: scratch.url, DATA_DIR: "" } : { DATABASE_URL: "", DATA_DIR: path.join(tempDir, "data") };
  // What an operator sets (README: Run it in production), for the command and the server alike.
  env = {
    NODE_ENV: "production",
    SEED_DEMO: "never",
    PUBLIC_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    // Required in production (docs/verification.md): the key that encrypts the signing keys, and the PDF certificate.
    CREDENTIAL_KEY_SECRET: "production-start-test-credential-key-secret-0123456789",
    PDF_SIGNING_P12: selfSignedP12("Parlance production start test").toString("base64"),
    // The result log's signing key (an Ed25519 seed).
    RESULT_LOG_KEY: Buffer.alloc(32, 0x5a).toString("base64"),
    // Seals the delivery files' private keys at rest (docs/delivery-file.md).
    DELIVERY_KEY_SECRET: Buffer.alloc(32, 0xa5).toString("base64"),
    ...database,
  };
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    setTimeout(() => server!.kill("SIGKILL"), 10_000).unref();
    await exited;
  }
  await dropDatabase?.();
  fs.rmSync(tempDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
}, 30_000);

describe("a provider's first day on an empty production database", () => {
  it("first Administrator by the admin command, then the back office, a client, a candidate's test and its evaluator, all by mail and browser", async () => {
    // 1. The first Administrator, by the command an operator runs; the link goes by mail only.
    const created = await run("npm", ["run", "admin", "--", "create-admin", "--email", "ops@provider.test", "--name", "Olive Okafor"]);
    expect(created.code, created.stdout + created.stderr).toBe(0);
    // User 1: the database was empty.
    expect(created.stdout).toContain("Administrator Olive Okafor <ops@provider.test> created (user 1), without a password until activated.");
    expect(created.stdout).toContain("The activation link was mailed to ops@provider.test (valid 7 days).");
    expect(created.stdout + created.stderr).not.toMatch(/setup_account|password:/i);
    expect(mails.filter((m) => m.to.includes("ops@provider.test"))).toHaveLength(1);

    // 2. The server, as `npm start` runs it in production: no demo world, no developer mailbox.
    await startServer();
    expect(serverOutput).not.toContain("Demo sign-ins");
    const demo = await fetch(`${url}/login`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", origin: url },
      body: JSON.stringify({ email_address: "admin@parlance.example", password: "Parlance-demo-1" }),
    });
    expect(demo.status).toBe(401);

    // 3. The Administrator activates from the mail and signs in: the session cookie is Secure
    // (production), and Chromium keeps and sends it on http://127.0.0.1.
    const ops = await newContext();
    const page = await ops.newPage();
    await activate(page, "ops@provider.test", "account activation");
    const session = (await ops.cookies()).find((c) => c.name === "parlance_session");
    expect(session).toMatchObject({ secure: true, httpOnly: true });
    expect((await (await page.request.get("/api/dev/mailbox?page=1")).status())).toBe(404);

    // 4. A client account with an office and its first administrator (mailed an activation link).
    await page.goto("/admin");
    await expectAccessible(page, "administration hub");
    await page.getByRole("link", { name: "Client Accounts" }).click();
    await page.waitForURL("**/admin/accounts");
    await poll(() => page.getByText("There are no client accounts yet.").isVisible()).toBe(true);
    await expectAccessible(page, "client accounts, none yet");
    await page.getByRole("link", { name: "New account" }).click();
    await page.getByLabel("Account Name").fill(ACCOUNT);
    await page.getByRole("radio", { name: "Invoiced" }).check();
    await expectAccessible(page, "new client account");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/admin\/accounts\/\d+$/);
    await page.getByRole("button", { name: "Add office" }).click();
    const officeDialog = page.getByRole("dialog", { name: "Add an office" });
    await officeDialog.getByLabel("Office Name").fill("Portland");
    await officeDialog.getByRole("button", { name: "Save" }).click();
    await poll(() => page.getByRole("row", { name: /Portland/ }).count()).toBe(1);
    await page.getByRole("button", { name: "Add administrator" }).click();
    const adminDialog = page.getByRole("dialog", { name: "Add an account administrator" });
    await adminDialog.getByLabel("First Name").fill("Hana");
    await adminDialog.getByLabel("Last Name").fill("Petrov");
    await adminDialog.getByLabel("Email Address").fill("hana@harbor.test");
    await adminDialog.getByRole("button", { name: "Create and send link" }).click();
    await poll(() => page.getByRole("row", { name: /hana@harbor\.test/ }).innerText()).toContain("Awaiting activation");
    await expectAccessible(page, "client account with its office and administrator");

    // 5. A test with content: the shipped writing test's file under this test's key, uploaded and published.
    const contentFile = path.join(tempDir, `${CONTENT_KEY}.json`);
    const content = JSON.parse(fs.readFileSync(path.join(root, "content/en-writing.json"), "utf8")) as Record<string, unknown>;
    fs.writeFileSync(contentFile, JSON.stringify({ ...content, key: CONTENT_KEY, description: TEST_NAME }));
    await page.goto("/admin");
    await page.getByRole("link", { name: "Test catalogue" }).click();
    await page.waitForURL("**/admin/tests");
    await poll(() => page.getByText("The catalogue has no tests yet.").isVisible()).toBe(true);
    await expectAccessible(page, "test catalogue, empty");
    await page.getByRole("link", { name: "New test" }).first().click();
    await page.getByRole("textbox", { name: "Test name" }).fill(TEST_NAME);
    await page.getByRole("combobox", { name: "Language" }).fill("Engl");
    await page.getByRole("option", { name: "English", exact: true }).click();
    await page.getByRole("combobox", { name: "Test type" }).click();
    await page.getByRole("option", { name: "Writing", exact: true }).click();
    await page.getByRole("textbox", { name: "Content key" }).fill(CONTENT_KEY);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/admin\/tests\/\d+$/);
    await poll(() => page.getByRole("heading", { name: TEST_NAME, level: 1 }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "Allow an account" }).click();
    const allow = page.getByRole("dialog", { name: "Allow an account to assign this test" });
    await settled(page);
    await allow.getByRole("combobox", { name: "Account" }).fill("Harbor");
    await page.getByRole("option", { name: ACCOUNT }).click();
    await allow.getByRole("textbox", { name: "Price", exact: true }).fill("35.00");
    await allow.getByRole("textbox", { name: "Short-notice price" }).fill("40.00");
    await allow.getByRole("button", { name: "Allow" }).click();
    await poll(() => page.getByRole("region", { name: "Accounts that may assign this test" }).getByRole("row", { name: new RegExp(`${ACCOUNT} \\$35\\.00 \\$40\\.00`) }).isVisible()).toBe(true);

    const contentRegion = page.getByRole("region", { name: "Content" });
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Content file (.json)" }).click();
    await (await chooser).setFiles([contentFile]);
    await contentRegion.getByRole("button", { name: "Upload and check" }).click();
    await poll(() => contentRegion.getByText(`${CONTENT_KEY}.json can be published`).isVisible()).toBe(true);
    await contentRegion.getByRole("button", { name: "Publish as the new version" }).click();
    await poll(() => contentRegion.getByRole("row", { name: /Version 1 Current/ }).isVisible()).toBe(true);
    await expectAccessible(page, "the new test, allowed and published");

    // 6. An evaluator: a staff user with the Evaluator role (mailed a link), scoring English.
    await page.goto("/admin/staff/new");
    await page.getByLabel("First Name").fill("Ines");
    await page.getByLabel("Last Name").fill("Moreau");
    await page.getByLabel("Email Address").fill("ines@provider.test");
    await page.getByRole("checkbox", { name: "Evaluator", exact: true }).check();
    await page.getByRole("button", { name: "Create and send link" }).click();
    await page.waitForURL(/\/admin\/staff\/\d+$/);
    await page.getByRole("link", { name: /Create their evaluator profile/ }).click();
    await page.waitForURL(/\/admin\/evaluators\/new\?user=\d+$/);
    await page.getByRole("checkbox", { name: "English" }).check();
    await page.getByLabel(/^Capacity/).fill("5");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/admin\/evaluators\/\d+$/);
    await ops.close();

    // 7. The client administrator activates, adds a candidate and assigns the test, notifying them.
    const client = await newContext();
    const clientPage = await client.newPage();
    await activate(clientPage, "hana@harbor.test");
    await clientPage.goto("/testing/candidates/new");
    await clientPage.getByLabel("First name").fill("Ruth");
    await clientPage.getByLabel("Last name").fill("Achebe");
    await clientPage.getByLabel("Email address").fill("ruth@candidate.test");
    // The account's only office is chosen already.
    expect(await clientPage.getByRole("combobox", { name: "Office" }).inputValue()).toBe("Portland");
    await expectAccessible(clientPage, "new candidate");
    await clientPage.getByRole("button", { name: "Save candidate" }).click();
    await clientPage.waitForURL(/\/testing\/candidates\/\d+$/);
    const form = clientPage.getByRole("region", { name: "Assign Tests" });
    const tests = form.getByRole("combobox", { name: "Tests" });
    await tests.click();
    await tests.fill("Workplace");
    await clientPage.getByRole("option", { name: `${TEST_NAME} · Online`, exact: true }).click();
    await clientPage.keyboard.press("Escape");
    expect(await form.getByRole("checkbox", { name: "Notify candidate" }).isChecked()).toBe(true);
    await form.getByRole("button", { name: "Assign tests" }).click();
    const row = clientPage.getByRole("table", { name: "Tests of this candidate" }).getByRole("row").filter({ hasText: TEST_NAME });
    await poll(() => row.count()).toBe(1);
    await expectAccessible(clientPage, "candidate with the assigned test");
    const shownCode = (await row.getByRole("cell").nth(1).innerText()).trim();
    await client.close();

    // 8. The candidate follows the mail: the sign-in link and the access code in it.
    const notice = await mailTo("ruth@candidate.test", new RegExp(`${TEST_NAME} \\(\\w+\\), access code ([0-9A-Z-]+)[\\s\\S]*?(https?://\\S+/login\\?use_code=1)`));
    expect(notice[1]).toBe(shownCode);
    expect(notice[2].startsWith(url)).toBe(true);
    const candidate = await newContext();
    const candidatePage = await candidate.newPage();
    await signInWithCode(candidatePage, notice[1]);
    await candidatePage.goto("/testing/tests");
    const entry = candidatePage.getByRole("region", { name: "Assigned Tests" }).getByRole("listitem", { name: TEST_NAME });
    await poll(() => entry.count()).toBe(1);
    await entry.getByRole("link").first().click();
    await candidatePage.getByRole("button", { name: "Play sample sound" }).click();
    await candidatePage.getByRole("checkbox", { name: "I can hear the sample sound" }).check();
    await candidatePage.getByRole("checkbox", { name: "The sample text reads correctly" }).check();
    await candidatePage.getByRole("button", { name: "Continue" }).click();
    await candidatePage.getByRole("checkbox", { name: /I confirm that I am the person this test was assigned to/ }).check();
    await candidatePage.getByRole("button", { name: "Start Test" }).click();
    await candidatePage.getByRole("dialog", { name: "Start the test?" }).getByRole("button", { name: "Start", exact: true }).click();
    const progress = candidatePage.getByRole("region", { name: "Test progress" });
    await poll(() => progress.innerText()).toContain("Page 1 of 2");
    const answer = (q: number) => candidatePage.getByRole("textbox", { name: new RegExp(`^Question ${q}:`) });
    await answer(1).fill("I work at the front desk of a dental clinic and answer patients' calls.");
    await answer(2).fill("I am sorry, but I have an appointment on Friday morning. I could take your Saturday shift instead.");
    await expectAccessible(candidatePage, "the new test, page 1");
    await candidatePage.getByRole("button", { name: "Next" }).click();
    await poll(() => progress.innerText()).toContain("Page 2 of 2");
    await answer(3).fill("Dear Ms Okonjo, we are very sorry that nobody told you about the change to your appointment.");
    await candidatePage.getByRole("button", { name: "Review" }).click();
    await candidatePage.getByRole("button", { name: "Submit test answers" }).click();
    const confirm = candidatePage.getByRole("dialog", { name: "Submit test answers?" });
    await settled(candidatePage);
    await confirm.getByRole("button", { name: "Submit", exact: true }).click();
    await poll(() => candidatePage.getByRole("heading", { level: 1 }).innerText(), 40_000).toBe("Thank You");
    expect((await candidatePage.getByTestId("receipt").innerText()).trim()).toMatch(/^[0-9a-f]{64}$/);
    await expectAccessible(candidatePage, "Thank You with the receipt");
    await candidate.close();

    // 9. The evaluator activates and finds the test to score.
    const evaluator = await newContext();
    const evaluatorPage = await evaluator.newPage();
    await activate(evaluatorPage, "ines@provider.test");
    await evaluatorPage.goto("/testing/results");
    const toScore = evaluatorPage.getByRole("row").filter({ hasText: "Achebe" });
    await poll(() => toScore.count(), 20_000).toBe(1);
    expect(await toScore.innerText()).toContain(TEST_NAME);
    await expectAccessible(evaluatorPage, "Tests to Score");
    await evaluator.close();
  }, 150_000);
});
