import { and, inArray, isNull, sql } from "drizzle-orm";
import { CANDIDATE_LANGUAGES, type CandidateFormRules } from "@parlance/contract";
import type { Tx } from "../db/tx.js";
import { candidates, languages, medicalTestSetTests, offices, users } from "../db/schema.js";
import { inAccount, officesInScope, type ClientScope } from "../auth/scope.js";
import { accountOf, activeAccountTests, availableGroups, type AccountTestRow } from "../assignment/index.js";
import { formContext } from "../candidates/index.js";
import { isCandidateOnly } from "../candidates/index.js";

export type ExistingCandidate = typeof candidates.$inferSelect & { inScope: boolean };
type Group = { description: string; tests: AccountTestRow[] };

/** Everything the row checks compare a file with, read once for the whole file. */
export interface Lookups {
  scope: ClientScope;
  account: Awaited<ReturnType<typeof accountOf>>;
  rules: CandidateFormRules;
  canSetOffice: boolean;
  offices: Map<string, { id: number; name: string; isClosed: boolean }>;
  officeNames: Map<number, string>;
  tests: Map<string, AccountTestRow[]>;
  groups: Map<number | null, { byKey: Map<string, { id: number; group: Group }> }>;
  roles: Map<string, { id: number; name: string; specialties: Map<string, number> }>;
  roleNames: Map<number, string>;
  languages: Map<string, number>;
  testLanguages: Map<string, number>;
  medicalTestIds: Set<number>;
  byEmail: Map<string, ExistingCandidate>;
  byId: Map<number, ExistingCandidate>;
  blockedEmails: Set<string>;
}

export const key = (s: string) => s.trim().toLowerCase();

/** Reads the lookups for a file whose rows name these emails and candidate ids. */
export async function loadLookups(db: Tx, scope: ClientScope, emails: string[], ids: number[]): Promise<Lookups> {
  const account = await accountOf(db, scope.accountId);
  const { rules, canSetOffice, roles, specialties } = await formContext(db, scope, null);
  const reachable = await db.select({ id: offices.id, name: offices.name, isClosed: offices.isClosed }).from(offices).where(officesInScope(scope));
  const officeMap = new Map<string, { id: number; name: string; isClosed: boolean }>();
  for (const o of reachable) {
    officeMap.set(key(o.name), o);
    officeMap.set(String(o.id), o);
  }
  const tests = new Map<string, AccountTestRow[]>();
  for (const t of (await activeAccountTests(db, scope)).values()) {
    for (const k of [key(t.description), String(t.accountTestId)]) tests.set(k, [...(tests.get(k) ?? []), t]);
  }
  const groups: Lookups["groups"] = new Map();
  for (const officeId of [null, ...reachable.map((o) => o.id)]) {
    if (officeId === null && scope.officeId !== null) continue;
    const byKey = new Map<string, { id: number; group: Group }>();
    for (const [id, group] of await availableGroups(db, scope, officeId)) {
      byKey.set(key(group.description), { id, group });
      byKey.set(String(id), { id, group });
    }
    groups.set(officeId, { byKey });
  }
  const roleMap: Lookups["roles"] = new Map();
  for (const r of roles) {
    const entry = { id: r.id, name: r.name, specialties: new Map(specialties.filter((s) => s.roleId === r.id).map((s) => [key(s.name), s.id])) };
    roleMap.set(key(r.name), entry);
  }
  const languageMap = new Map<string, number>();
  for (const l of CANDIDATE_LANGUAGES) for (const k of [l.name, l.code, String(l.id)]) languageMap.set(key(k), l.id);
  languageMap.set("chinese", 104);
  const testLanguages = new Map<string, number>();
  for (const l of await db.select({ id: languages.id, code: languages.code, name: languages.name }).from(languages)) {
    for (const k of [l.name, l.code, String(l.id)]) testLanguages.set(key(k), l.id);
  }
  const medicalTestIds = new Set((await db.selectDistinct({ testId: medicalTestSetTests.testId }).from(medicalTestSetTests)).map((r) => r.testId));

  const { byEmail, byId, blockedEmails } = await peopleOf(db, scope, emails, ids);
  return {
    scope,
    account,
    rules,
    canSetOffice,
    offices: officeMap,
    officeNames: new Map(reachable.map((o) => [o.id, o.name])),
    tests,
    groups,
    roles: roleMap,
    roleNames: new Map(roles.map((r) => [r.id, r.name])),
    languages: languageMap,
    testLanguages,
    medicalTestIds,
    byEmail,
    byId,
    blockedEmails,
  };
}

/** The candidates (by email and by id) and the staff emails a part of a file names: read for each window of rows. */
export async function peopleOf(db: Tx, scope: ClientScope, emails: string[], ids: number[]): Promise<Pick<Lookups, "byEmail" | "byId" | "blockedEmails">> {
  const byEmail = new Map<string, ExistingCandidate>();
  const byId = new Map<number, ExistingCandidate>();
  const inScope = (c: typeof candidates.$inferSelect) => scope.officeId === null || c.officeId === scope.officeId;
  const unique = [...new Set(emails.map(key).filter(Boolean))];
  const blockedEmails = new Set<string>();
  for (let i = 0; i < unique.length; i += 5_000) {
    const part = unique.slice(i, i + 5_000);
    const found = await db
      .select()
      .from(candidates)
      .where(and(inAccount(scope, candidates), isNull(candidates.deletedAt), inArray(sql<string>`lower(trim(${candidates.email}))`, part)));
    // The oldest profile of an email is the one a row matches.
    for (const c of found.sort((a, b) => a.id - b.id)) if (!byEmail.has(key(c.email))) byEmail.set(key(c.email), { ...c, inScope: inScope(c) });
    const people = await db.select({ email: users.email, roles: users.roles }).from(users).where(inArray(sql<string>`lower(${users.email})`, part));
    for (const u of people) if (!isCandidateOnly(u.roles)) blockedEmails.add(key(u.email));
  }
  for (let i = 0; i < ids.length; i += 5_000) {
    const found = await db
      .select()
      .from(candidates)
      .where(and(inAccount(scope, candidates), isNull(candidates.deletedAt), inArray(candidates.id, ids.slice(i, i + 5_000))));
    for (const c of found) if (inScope(c)) byId.set(c.id, { ...c, inScope: true });
  }
  return { byEmail, byId, blockedEmails };
}

/** The same lookups for another window of rows: the account's parts kept, the people read again. */
export async function lookupsFor(db: Tx, base: Lookups, emails: string[], ids: number[]): Promise<Lookups> {
  return { ...base, ...(await peopleOf(db, base.scope, emails, ids)) };
}
