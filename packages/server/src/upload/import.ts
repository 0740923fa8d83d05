import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { ASSIGNED_TEST_VALID_DAYS, Role, TEST_METHOD_LABELS, type UploadOptions, type UploadProgress } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/tx.js";
import { candidateTrackTests, candidateTracks, candidates, users } from "../db/schema.js";
import type { ClientScope } from "../auth/scope.js";
import { isCandidateOnly, newAccessCode, staffEmailConflict } from "../candidates/index.js";
import { assignmentMail } from "../assignment/index.js";
import { DAY_MS } from "../assignment/index.js";
import { audit } from "../audit/audit.js";
import type { CheckedRow } from "./check.js";
import { insertColumns } from "./insert-columns.js";

const CHUNK = 1_000;
const chunks = <T>(list: T[], size = CHUNK): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** A person an upload's rows name: matched or created, with their sign-in. */
export type Person = { id: number; userId: number | null; email: string; languageId: number; firstName: string; lastName: string };

export interface ImportResult {
  assignedTestIds: number[];
  /** The file's row of each assigned test (the assignments download's Row). */
  assignedRows: number[];
  outboxIds: number[];
  candidatesNotified: number;
  candidatesCreated: number;
  candidatesUpdated: number;
}

type Progress = (p: UploadProgress) => void;

const candidateRow = (r: CheckedRow) => ({
  officeId: r.values.officeId,
  firstName: r.values.firstName,
  middleName: r.values.middleName,
  lastName: r.values.lastName,
  employeeId: r.values.employeeId,
  email: r.values.emailAddress,
  challengeQuestion: r.values.challengeQuestion,
  challengeAnswer: r.values.challengeAnswer,
  clientNotes: r.values.clientNotes,
  adjustments: r.values.adjustments,
  languageId: r.values.languageId ?? 140,
  healthCareRoleId: r.values.healthCareRoleId,
  healthCareSpecialtyId: r.values.healthCareSpecialtyId,
});

/** A changes file: each row's values replace the candidate's (one transaction, the caller's). */
export async function importChanges(tx: Tx, scope: ClientScope, rows: CheckedRow[], progress: Progress, audited = false): Promise<ImportResult> {
  let done = 0;
  for (const r of rows) {
    await tx.update(candidates).set({ ...candidateRow(r), updatedAt: new Date() }).where(eq(candidates.id, r.existing!.id));
    if (++done % 500 === 0) progress({ phase: "importing", done, total: rows.length });
  }
  if (!audited) await audit({ db: tx }, { actor: scope, action: "upload.changes", targetType: "candidate", targetId: rows[0]?.existing?.id ?? 0 });
  return { assignedTestIds: [], assignedRows: [], outboxIds: [], candidatesNotified: 0, candidatesCreated: 0, candidatesUpdated: rows.length };
}

/**
 * An upload: new candidates (one per email; rows of one email are one person), a sign-in for each
 * (shared with the person's other employers, as ensureCandidateUser does), batteries for groups,
 * an access code and an assigned test per test (the values create_tests writes), and the
 * notification mails in the outbox, all in the caller's transaction and written a thousand rows a
 * statement.
 */
export async function importAssignments(
  ctx: Pick<AppContext, "config">,
  tx: Tx,
  scope: ClientScope,
  account: { name: string },
  opts: UploadOptions,
  rows: CheckedRow[],
  progress: Progress,
  /** The people of earlier windows of the same upload (rows of one email are one person across windows). */
  person: Map<string, Person> = new Map(),
  audited = false,
): Promise<ImportResult> {
  const total = rows.reduce((n, r) => n + r.planned.length, 0) + rows.length;
  let done = 0;
  const step = (n: number) => {
    done += n;
    progress({ phase: "importing", done: Math.min(done, total), total });
  };

  // 1. People: the matched candidates, and one new profile per new person.
  const personKey = (r: CheckedRow, _i: number) => r.emailKey || `row-${r.row}`;
  const uniqueFresh: { k: string; r: CheckedRow; userId: number | null }[] = [];
  rows.forEach((r, i) => {
    const k = personKey(r, i);
    if (r.existing) person.set(k, { id: r.existing.id, userId: r.existing.userId, email: r.existing.email.trim(), languageId: r.existing.languageId, firstName: r.existing.firstName, lastName: r.existing.lastName });
    else if (!person.has(k) && !person.has(`fresh:${k}`)) {
      person.set(`fresh:${k}`, { id: 0, userId: null, email: "", languageId: 0, firstName: "", lastName: "" });
      uniqueFresh.push({ k, r, userId: null });
    }
  });

  // 2. Sign-ins first, so each new profile is written once with its user: a candidate user of the
  // same email is shared (as ensureCandidateUser does), never a staff user's.
  const newUsers = async (list: { email: string; firstName: string; lastName: string; languageId: number }[]) => {
    const ids: (number | null)[] = list.map(() => null);
    for (let at = 0; at < list.length; at += CHUNK) {
      const part = list.slice(at, at + CHUNK);
      const emails = part.map((p) => p.email.toLowerCase()).filter(Boolean);
      const found = emails.length ? await tx.select({ id: users.id, email: users.email, roles: users.roles }).from(users).where(inArray(sql<string>`lower(${users.email})`, emails)) : [];
      const byEmail = new Map(found.map((u) => [u.email.toLowerCase(), u]));
      const missing: number[] = [];
      part.forEach((p, i) => {
        const u = p.email ? byEmail.get(p.email.toLowerCase()) : undefined;
        if (u && !isCandidateOnly(u.roles)) throw staffEmailConflict();
        if (u) ids[at + i] = u.id;
        else missing.push(i);
      });
      if (missing.length === 0) continue;
      const made = missing.map((i) => part[i]!);
      const madeIds = await insertColumns(tx, "users", [
        // Without an email the sign-in is by access code only: an address that never receives mail.
        ["email", "text", made.map((p) => p.email || `candidate-${randomUUID()}@no-email.invalid`)],
        ["first_name", "text", made.map((p) => p.firstName)],
        ["last_name", "text", made.map((p) => p.lastName)],
        ["roles", "int[]", made.map(() => `{${Role.Candidate},${Role.User}}`)],
        ["account_id", "int", made.map(() => scope.accountId)],
        ["language", "text", made.map((p) => (p.languageId === 104 ? "zh-HANS" : p.languageId === 106 ? "zh-HANT" : "en-US"))],
      ]);
      missing.forEach((i, n) => (ids[at + i] = madeIds[n]!));
    }
    return ids;
  };
  const freshUsers = await newUsers(uniqueFresh.map(({ r }) => ({ email: r.values.emailAddress.trim(), firstName: r.values.firstName, lastName: r.values.lastName, languageId: r.values.languageId ?? 140 })));
  for (const part of chunks(uniqueFresh.map((f, i) => ({ ...f, userId: freshUsers[i]! })))) {
    const v = part.map((f) => f.r.values);
    const ids = await insertColumns(tx, "candidates", [
      ["account_id", "int", part.map(() => scope.accountId)],
      ["user_id", "int", part.map((f) => f.userId)],
      ["office_id", "int", v.map((x) => x.officeId)],
      ["first_name", "text", v.map((x) => x.firstName)],
      ["middle_name", "text", v.map((x) => x.middleName)],
      ["last_name", "text", v.map((x) => x.lastName)],
      ["employee_id", "text", v.map((x) => x.employeeId)],
      ["email", "text", v.map((x) => x.emailAddress)],
      ["challenge_question", "text", v.map((x) => x.challengeQuestion)],
      ["challenge_answer", "text", v.map((x) => x.challengeAnswer)],
      ["client_notes", "text", v.map((x) => x.clientNotes)],
      ["adjustments", "bool", v.map((x) => x.adjustments)],
      ["language_id", "int", v.map((x) => x.languageId ?? 140)],
      ["health_care_role_id", "int", v.map((x) => x.healthCareRoleId)],
      ["health_care_specialty_id", "int", v.map((x) => x.healthCareSpecialtyId)],
    ]);
    part.forEach((f, i) => {
      person.delete(`fresh:${f.k}`);
      person.set(f.k, { id: ids[i]!, userId: f.userId, email: f.r.values.emailAddress.trim(), languageId: f.r.values.languageId ?? 140, firstName: f.r.values.firstName, lastName: f.r.values.lastName });
    });
    step(part.length);
  }
  // Matched candidates without a sign-in yet get theirs.
  const unlinked = [...person.values()].filter((p) => p.userId === null);
  const linked = await newUsers(unlinked);
  unlinked.forEach((p, i) => (p.userId = linked[i]!));
  for (const part of chunks(unlinked)) {
    const pairs = sql.join(
      part.map((p) => sql`(${p.id}::int, ${p.userId}::int)`),
      sql`, `,
    );
    await tx.execute(sql`UPDATE candidates SET user_id = v.u FROM (VALUES ${pairs}) AS v(c, u) WHERE candidates.id = v.c`);
  }

  // 3. Batteries for test groups, and their track tests.
  const perRow = rows.map((r, i) => ({ r, p: person.get(personKey(r, i))! }));
  const grouped = perRow.filter((x) => x.r.planned[0]?.group);
  const trackOfRow = new Map<CheckedRow, number>();
  for (const part of chunks(grouped)) {
    const ids = await tx
      .insert(candidateTracks)
      .values(part.map(({ r, p }) => ({ accountId: scope.accountId, candidateId: p.id, testGroupId: r.planned[0]!.group!.id, description: r.planned[0]!.group!.description })))
      .returning({ id: candidateTracks.id });
    part.forEach(({ r }, i) => trackOfRow.set(r, ids[i]!.id));
  }
  const trackTests = grouped.flatMap(({ r }) => r.planned.map((p, position) => ({ trackId: trackOfRow.get(r)!, accountTestId: p.test.accountTestId, position, requiresScheduling: false })));
  const trackTestIds: number[] = [];
  for (const part of chunks(trackTests)) trackTestIds.push(...(await tx.insert(candidateTrackTests).values(part).returning({ id: candidateTrackTests.id })).map((x) => x.id));

  // 4. Access codes and assigned tests, as create_tests writes them.
  const expiresAt = new Date(Date.now() + ASSIGNED_TEST_VALID_DAYS * DAY_MS);
  const items = perRow.flatMap(({ r, p }) => r.planned.map((planned) => ({ r, p, planned })));
  const codes = await newCodes(tx, items.map((x) => x.p.userId!), expiresAt);
  let trackTestAt = 0;
  const values = items.map(({ r, p, planned }, i) => ({
    accountId: scope.accountId,
    officeId: r.officeId,
    candidateId: p.id,
    accountTestId: planned.test.accountTestId,
    testId: planned.test.testId,
    candidateTrackTestId: planned.group ? trackTestIds[trackTestAt++]! : null,
    accessCode: codes[i]!,
    state: "takeable" as const,
    feeCents: planned.test.feeCents,
    notifyCandidate: opts.notify_candidates && p.email !== "",
    useMedicalTestRecommendations: opts.use_medical_selection,
    expiresAt,
    assignedByUserId: scope.userId,
  }));
  const assignedTestIds: number[] = [];
  for (const part of chunks(values)) {
    const ids = await insertColumns(tx, "assigned_tests", [
      ["account_id", "int", part.map((x) => x.accountId)],
      ["office_id", "int", part.map((x) => x.officeId)],
      ["candidate_id", "int", part.map((x) => x.candidateId)],
      ["account_test_id", "int", part.map((x) => x.accountTestId)],
      ["test_id", "int", part.map((x) => x.testId)],
      ["candidate_track_test_id", "int", part.map((x) => x.candidateTrackTestId)],
      ["access_code", "text", part.map((x) => x.accessCode)],
      ["state", "text", part.map((x) => x.state)],
      ["fee_cents", "int", part.map((x) => x.feeCents)],
      ["notify_candidate", "bool", part.map((x) => x.notifyCandidate)],
      ["use_medical_test_recommendations", "bool", part.map((x) => x.useMedicalTestRecommendations)],
      ["expires_at", "timestamptz", part.map((x) => x.expiresAt.toISOString())],
      ["assigned_by_user_id", "int", part.map((x) => x.assignedByUserId)],
    ]);
    assignedTestIds.push(...ids);
    step(part.length);
  }

  // 5. One notification a person with an email: every test of theirs in this upload.
  const outboxIds: number[] = [];
  let candidatesNotified = 0;
  if (opts.notify_candidates) {
    const byPerson = new Map<number, { p: (typeof items)[number]["p"]; tests: { description: string; method: string; accessCode: string }[] }>();
    items.forEach(({ p, planned }, i) => {
      if (!p.email) return;
      const entry = byPerson.get(p.id) ?? { p, tests: [] };
      entry.tests.push({ description: planned.test.description, method: TEST_METHOD_LABELS[planned.test.method], accessCode: codes[i]! });
      byPerson.set(p.id, entry);
    });
    const mails = [...byPerson.values()].map(({ p, tests }) =>
      assignmentMail({ to: p.email, languageId: p.languageId, firstName: p.firstName, accountName: account.name, selfScheduling: false, signInLink: `${ctx.config.publicUrl}/login?use_code=1`, expiresAt, tests }),
    );
    for (const part of chunks(mails)) {
      const ids = await insertColumns(tx, "mail_outbox", [
        ["to_address", "text", part.map((m) => m.to)],
        ["subject", "text", part.map((m) => m.subject)],
        ["text_body", "text", part.map((m) => m.text)],
        ["html_body", "text", part.map((m) => m.html ?? null)],
        ["template", "text", part.map((m) => m.template)],
      ]);
      outboxIds.push(...ids);
    }
    candidatesNotified = mails.length;
  }
  if (!audited) await audit({ db: tx }, { actor: scope, action: "upload.import", targetType: "candidate", targetId: perRow[0]?.p.id ?? 0 });
  return { assignedTestIds, assignedRows: items.map(({ r }) => r.row), outboxIds, candidatesNotified, candidatesCreated: uniqueFresh.length, candidatesUpdated: 0 };
}

/** Fresh access codes, one for each user given, inserted a thousand at a time (a clash is drawn again). */
async function newCodes(tx: Tx, userIds: number[], expiresAt: Date): Promise<string[]> {
  const codes: string[] = new Array(userIds.length);
  let pending = userIds.map((_, i) => i);
  while (pending.length > 0) {
    const retry: number[] = [];
    for (const part of chunks(pending)) {
      const drawn = part.map((i) => ({ i, code: newAccessCode() }));
      const inserted = (
        (await tx.execute(
          sql`INSERT INTO access_codes (code, user_id, expires_at) SELECT * FROM unnest(${sql.param(drawn.map((d) => d.code))}::text[], ${sql.param(drawn.map((d) => userIds[d.i]!))}::int[], ${sql.param(drawn.map(() => expiresAt.toISOString()))}::timestamptz[]) ON CONFLICT DO NOTHING RETURNING code`,
        )) as unknown as { rows: { code: string }[] }
      ).rows;
      const ok = new Set(inserted.map((x) => x.code));
      for (const d of drawn) {
        if (ok.delete(d.code)) codes[d.i] = d.code;
        else retry.push(d.i);
      }
    }
    pending = retry;
  }
  return codes;
}
