import { eq } from "drizzle-orm";
import { seedDemoFeatureFlagRules } from "../admin/demo-flags.js";
import { Role } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { accessCodes, accounts, offices, users } from "../db/schema.js";
import { hashPassword } from "../auth/passwords.js";
import { seedCatalogue, type CatalogueIds } from "./catalogue.js";
import { emptyHistoryIds, seedDemoHistory, type DemoHistoryIds } from "./history/seed.js";
import { importDemoContent, refreshDemoContent } from "./content.js";
import { seedDemoScoring, type DemoScoringIds } from "./evaluators.js";
import { seedDemoProctoring } from "./proctoring.js";
import { seedDemoPhoneContinued } from "./phone-continued.js";
import { seedDemoAvailability } from "./availability.js";
import { DEMO_PREPAY_ACCOUNT, seedDemoBilling } from "./billing.js";
import { seedDemoNews } from "./news.js";
import { DEMO_ACCESS_CODE, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_USERS, type DemoAccountKey } from "./world.js";

export interface DemoIds {
  accounts: Record<DemoAccountKey, number>;
  offices: Record<DemoAccountKey, number[]>;
  users: Record<string, number>;
  catalogue: CatalogueIds;
  /** Candidates, test groups, recipients and batteries of the demo history (demo/history/). */
  history: DemoHistoryIds;
  /** Evaluators and the attempts waiting for evaluator@parlance.example (demo/evaluators.ts). */
  scoring: DemoScoringIds | null;
}

/** Creates the demo world in an empty database. Returns the ids, for tests. */
export async function seedDemoWorld({ db }: Pick<AppContext, "db">): Promise<DemoIds> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: DemoIds = { accounts: {} as DemoIds["accounts"], offices: {} as DemoIds["offices"], users: {}, catalogue: { tests: {}, accountTests: {}, healthcareRoles: {} }, history: emptyHistoryIds(), scoring: null };
  await db.transaction(async (tx) => {
    for (const [key, a] of Object.entries(DEMO_ACCOUNTS) as [DemoAccountKey, (typeof DEMO_ACCOUNTS)[DemoAccountKey]][]) {
      const [account] = await tx
        .insert(accounts)
        .values({
          name: a.name,
          services: [...a.services],
          medicalOption: a.medicalOption,
          usesProctorService: a.usesProctorService,
          allowCandidateScheduling: a.allowCandidateScheduling,
          minProctorApptDelay: a.minProctorApptDelay,
          liveProctor: a.liveProctor,
        })
        .returning({ id: accounts.id });
      ids.accounts[key] = account.id;
      ids.offices[key] = [];
      for (const name of a.offices) {
        const [office] = await tx.insert(offices).values({ accountId: account.id, name }).returning({ id: offices.id });
        ids.offices[key].push(office.id);
      }
    }
    for (const u of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          // Role 14 (User) is every signed-in person's base role.
          roles: [u.role, Role.User],
          accountId: u.account ? ids.accounts[u.account] : null,
          officeId: u.account && u.office !== null ? ids.offices[u.account][u.office] : null,
          passwordHash,
        })
        .returning({ id: users.id });
      ids.users[u.email] = row.id;
    }
    ids.catalogue = await seedCatalogue(
      tx,
      (Object.keys(DEMO_ACCOUNTS) as DemoAccountKey[]).map((key) => ({ id: ids.accounts[key], medical: DEMO_ACCOUNTS[key].medicalOption })),
    );
    await tx.insert(accessCodes).values({
      code: DEMO_ACCESS_CODE,
      userId: ids.users["candidate@northwind.example"],
      expiresAt: new Date(Date.now() + 365 * 24 * 3600_000),
    });
    // Feature-flag rules of two demo tests (admin/demo-flags.ts).
    await seedDemoFeatureFlagRules(tx, ids.catalogue.tests);
    ids.history = await seedDemoHistory(tx, ids);
    // Test delivery: the demo candidate's proctored online test and paper test (demo/proctoring.ts).
    await seedDemoProctoring(tx, {
      catalogue: ids.catalogue,
      demoCandidateId: ids.history.demoCandidate.northwind,
      proctorUserId: ids.users["proctor@parlance.example"]!,
      bookedByUserId: ids.users["admin@northwind.example"]!,
    });
    // The demo candidate's test that continues by phone (demo/phone-continued.ts).
    await seedDemoPhoneContinued(tx, { catalogue: ids.catalogue, demoCandidateId: ids.history.demoCandidate.northwind });
    // Invoices (Seattle billed individually), translation charges and the prepay account (demo/billing.ts).
    await seedDemoBilling(tx, {
      passwordHash,
      accounts: ids.accounts,
      offices: ids.offices,
      catalogue: ids.catalogue,
      adminUserIds: { northwind: ids.users["admin@northwind.example"], contoso: ids.users["admin@contoso.example"], provider: ids.users["admin@parlance.example"] },
    });
  });
  await seedDemoNews(db, ids.users["news@parlance.example"]!);
  await importDemoContent(db);
  ids.scoring = await seedDemoScoring(db);
  // The evaluators' weekly and individual conflicts (demo/availability.ts).
  await seedDemoAvailability(db, ids.users);
  return ids;
}

/** Seeds only into an empty database; returns whether it did. */
export async function seedDemoWorldIfEmpty(ctx: Pick<AppContext, "db">): Promise<boolean> {
  const existing = await ctx.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, DEMO_ACCOUNTS.northwind.name)).limit(1);
  if (existing.length > 0) {
    // An older demo world gets the shipped content (and any edits to it) at the next start.
    await refreshDemoContent(ctx.db);
    await seedDemoScoring(ctx.db);
    return false;
  }
  await seedDemoWorld(ctx);
  return true;
}

export function printDemoSignIns(created: boolean): void {
  console.log(created ? "\nCreated the demo world. Demo sign-ins:" : "\nDemo sign-ins:");
  for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(34)} ${DEMO_PASSWORD}`);
  console.log(`  ${DEMO_PREPAY_ACCOUNT.admin.email.padEnd(34)} ${DEMO_PASSWORD}   (prepay account)`);
  console.log(`  access code (candidate)            ${DEMO_ACCESS_CODE}\n`);
}
