import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { healthcareRoles, healthcareSpecialties, mailOutbox } from "../db/schema.js";
import { csvOf, postFile } from "./test-files.js";

/** An upload's notifications go out as jobs: one upload.notify, which queues a mail.deliver for each mail. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

it("confirm queues the mails in the outbox, and the notify job hands each to the mail queue", async () => {
  const cookie = await t.signIn("admin@northwind.example");
  const [r] = await t.ctx.db
    .select({ role: healthcareRoles.name, specialty: healthcareSpecialties.name })
    .from(healthcareRoles)
    .innerJoin(healthcareSpecialties, eq(healthcareSpecialties.roleId, healthcareRoles.id))
    .limit(1);
  const header = ["Last Name", "First Name", "Email", "Office", "Health Care Role", "Health Care Specialty", "Test"];
  const rows = ["jobs.one@example.com", "jobs.two@example.com"].map((email, i) => [`Jobs${i}`, "Jo", email, "Boston", r!.role, r!.specialty, "English Reading Proficiency"]);
  const preview = (await postFile(t, "/testing/candidates/preview", cookie, { name: "j.csv", bytes: csvOf([header, ...rows]) }, { template_type: "regular_with_roles", notify_candidates: "true" })).json();
  const done = await t.request({ method: "POST", url: "/testing/candidates/confirm", cookie, body: { data: preview.data } });
  expect(done.json().candidatesNotified).toBe(2);
  const mails = await t.ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, ["jobs.one@example.com", "jobs.two@example.com"]));
  expect(mails).toHaveLength(2);
  expect(mails[0]!.textBody).toMatch(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{2}/);
  const ids = mails.map((m) => m.id);
  await expect
    .poll(
      async () => (await t.ctx.database.sql.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'mail.deliver' and (data->>'id')::int in (${ids.join(",")})`)).rows[0]!.n,
      { timeout: 15_000 },
    )
    .toBe(2);
});
