import path from "node:path";
import os from "node:os";
import fs from "node:fs/promises";
import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { Role } from "@parlance/contract";
import { createTestApp, testDatabaseKind, type TestApp } from "../test/harness.js";
import { auditLog, users } from "../db/schema.js";
import { jsonPost, keyFromText, mailsTo } from "../auth/test-support.js";
import { runAdminCommand } from "./admin-commands.js";

/** `npm run admin`: the first Administrator, its activation mail and key, the refusals and exit codes. */

const repoRoot = path.resolve(import.meta.dirname, "../../../..");
let t: TestApp;
let tmp: string;
let smtp: SMTPServer;
let smtpUrl: string;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "parlance-admin-cli-"));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(address.address.startsWith("reject") ? new Error("550 mailbox unavailable") : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await fs.rm(tmp, { recursive: true, force: true });
});

async function run(args: string[], opts: { smtp?: boolean } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const ctx = opts.smtp ? { ...t.ctx, config: { ...t.ctx.config, smtpUrl } } : t.ctx;
  const code = await runAdminCommand(ctx, args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err, all: [...out, ...err].join("\n") };
}

const userCount = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

/** The real command in a child process: on an embedded database folder of its own, or on DATABASE_URL. */
function spawnCli(args: string[], dataDir: string, databaseUrl = ""): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "packages/server/src/cli/admin.ts", ...args], { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SMTP_URL: "", NODE_ENV: "development" } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("create-admin", () => {
  it("creates an Administrator without a password and mails an activation link whose key sets the password", async () => {
    const email = "first.admin@provider.example";
    const r = await run(["create-admin", "--email", email, "--name", "Ada King Lovelace", "--language", "zh-HANT"]);
    expect(r.code, r.all).toBe(0);
    expect(r.out[0]).toMatch(/^Administrator Ada King Lovelace <first\.admin@provider\.example> created \(user \d+\), without a password until activated\.$/);
    // Without SMTP the mail waits in the outbox, and the command says so.
    expect(r.err.join(" ")).toContain("SMTP_URL is not set");

    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: "Ada King", lastName: "Lovelace", language: "zh-HANT", accountId: null, officeId: null, passwordHash: null, isActive: true });
    expect(user.roles).toEqual([Role.Administrator, Role.User]);
    expect((await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "users.create_administrator_cli"))).map((a) => a.targetId)).toContain(String(user.id));

    const [mail] = await mailsTo(t, email);
    expect(mail.template).toBe("activation");
    const key = keyFromText(mail.textBody);
    // The key is not on the terminal (no --print-link), so not in any captured output.
    expect(r.all).not.toContain(key);
    expect((await t.request({ method: "GET", url: `/api/auth/key/${key}?kind=activation` })).json()).toEqual({ valid: true, username: email });
    expect((await jsonPost(t, "/login", { email_address: email, password: "Chosen-Pass-2026" })).statusCode).toBe(401);
    expect((await jsonPost(t, `/setup_account/${key}`, { password: "Chosen-Pass-2026", password2: "Chosen-Pass-2026" })).statusCode).toBe(200);
    const cookie = await t.signIn(email, "Chosen-Pass-2026");
    const startup = (await t.request({ method: "GET", url: "/api/startup", cookie })).json();
    expect(startup.userFlags.roles).toContain(Role.Administrator);
  });

  it("refuses an address any user already has, in any case: exit 1, nothing created or mailed", async () => {
    const before = await userCount();
    const mailsBefore = (await mailsTo(t, "admin@parlance.example")).length;
    const r = await run(["create-admin", "--email", "ADMIN@Parlance.example"]);
    expect(r.code).toBe(1);
    expect(r.err[0]).toBe("A user with the email address ADMIN@Parlance.example already exists: nothing was created. (send-activation mails an existing Administrator a new link.)");
    expect(await userCount()).toBe(before);
    expect((await mailsTo(t, "admin@parlance.example")).length).toBe(mailsBefore);
  });

  it("refuses a wrong command line with exit 2 and a readable message, before touching the database", async () => {
    const before = await userCount();
    const cases: [string[], string][] = [
      [["create-admin", "--email", "not-an-address"], "'not-an-address' is not a valid email address."],
      [["create-admin", "--email", `${"x".repeat(120)}@example.com`], `'${"x".repeat(120)}@example.com' is not a valid email address.`],
      [["create-admin"], "--email <address> is required."],
      [["create-admin", "--email", "someone@example.com", "--password", "Secret-1"], "There is no --password: the Administrator chooses a password through the activation link."],
      [["create-admin", "--email", "someone@example.com", "--name", "Cher"], '--name needs a first and a last name, such as --name "Grace Lin".'],
      [["create-admin", "--email", "someone@example.com", "--language", "fr"], "--language must be one of en-US, zh-HANS, zh-HANT."],
      [["create-admin", "--email", "someone@example.com", "--role", "x"], "Unknown option '--role'."],
      [["make-admin"], "Unknown command 'make-admin'."],
      [[], "Which command?"],
    ];
    for (const [args, message] of cases) {
      const r = await run(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err[0], args.join(" ")).toBe(message);
      expect(r.all).not.toContain("Secret-1");
    }
    expect(await userCount()).toBe(before);
    expect((await run(["help"])).code).toBe(0);
  });

  it("with SMTP_URL sends the mail at once (the server need not run) and marks it sent", async () => {
    const email = "smtp.admin@provider.example";
    const r = await run(["create-admin", "--email", email, "--name", "Grace Lin"], { smtp: true });
    expect(r.code, r.all).toBe(0);
    expect(r.out[1]).toBe(`The activation link was mailed to ${email} (valid 7 days).`);
    const got = received.find((m) => m.to.includes(email));
    expect(got?.raw.replace(/=\r?\n/g, "")).toContain("/setup_account/");
    const [row] = await mailsTo(t, email);
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  it("a refused delivery leaves the mail in the outbox for the server's retries, and says why", async () => {
    const email = "reject.admin@provider.example";
    const r = await run(["create-admin", "--email", email, "--name", "Rita Ject"], { smtp: true });
    expect(r.code).toBe(0);
    expect(r.err.join(" ")).toMatch(/^The mail could not be sent now \(.*550.*\)\. It stays in the outbox; the server sends it when it runs, and retries\.$/);
    const [row] = await mailsTo(t, email);
    expect(row.sentAt).toBeNull();
    expect(row.lastError).toContain("550");
  });
});

describe("send-activation and list-admins", () => {
  it("mails an Administrator a new working link; --print-link shows it; anyone else is refused", async () => {
    const r = await run(["send-activation", "--email", "Admin@parlance.example", "--print-link"]);
    expect(r.code, r.all).toBe(0);
    const [mail] = await mailsTo(t, "admin@parlance.example");
    const key = keyFromText(mail.textBody);
    expect(r.out.at(-1)).toBe(`Activation link (single use, valid 7 days; treat it as a password): ${t.ctx.config.publicUrl}/setup_account/${key}`);
    expect((await t.request({ method: "GET", url: `/api/auth/key/${key}?kind=activation` })).json()).toMatchObject({ valid: true });
    const client = await run(["send-activation", "--email", "admin@northwind.example"]);
    expect(client.code).toBe(1);
    expect(client.err).toEqual(["No active Administrator has the email address admin@northwind.example."]);
  });

  it("lists every Administrator with their state", async () => {
    const r = await run(["list-admins"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("reject.admin@provider.example\tRita Ject\tpending activation\tnever signed in");
    expect(r.out.find((l) => l.startsWith("admin@parlance.example\t"))).toMatch(/\tactive\t/);
    expect(r.out.find((l) => l.startsWith("first.admin@provider.example\t"))).toMatch(/\tactive\tlast sign-in \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(r.out.some((l) => l.includes("admin@northwind.example"))).toBe(false);
    expect(r.out.at(-1)).toMatch(/^\d+ Administrator\(s\)\.$/);
  });
});

describe("the command", () => {
  it("migrates and creates an Administrator: on an empty embedded folder (PGlite run), on DATABASE_URL (PostgreSQL run)", async () => {
    const email = `boot.${testDatabaseKind}@provider.example`;
    const r = await spawnCli(["create-admin", "--email", email], path.join(tmp, "fresh"), t.databaseUrl ?? "");
    expect(r.code, r.stderr).toBe(0);
    // On the empty folder the first user of all: no demo world, and migrated first.
    const userId = t.databaseUrl ? "\\d+" : "1";
    expect(r.stdout).toMatch(new RegExp(`^Administrator Portal Administrator <${email.replace(/\./g, "\\.")}> created \\(user ${userId}\\)`));
    expect(r.stderr).toContain("SMTP_URL is not set: the activation mail stays in the outbox");
    if (t.databaseUrl) expect((await mailsTo(t, email))[0].template).toBe("activation");
  }, 90_000);

  it("refuses an embedded folder another process has open (exit 1), and a wrong command line (exit 2)", async () => {
    const busy = path.join(tmp, "busy");
    await fs.mkdir(busy);
    await fs.writeFile(path.join(busy, "postmaster.pid"), "-42\n");
    const r = await spawnCli(["create-admin", "--email", "x@provider.example"], busy);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is open in another process (is the server running?)");
    const usage = await spawnCli(["create-admin", "--email", "bad"], busy);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("'bad' is not a valid email address.");
  }, 30_000);
});
