import { eq } from "drizzle-orm";
import { Role, TEST_FEES_CENTS, type TestDuration } from "@parlance/contract";
import { accounts, accountTests, offices, translationCharges, users } from "../db/schema.js";
import type { Tx } from "../db/tx.js";
import { businessDay, insertInvoice, nextInvoiceNumber, type NewInvoice } from "../payments/invoices/records.js";
import { DEMO_TESTS, type CatalogueIds } from "./catalogue.js";

/**
 * The demo world's billing (issue 13, part 5): Northwind's Seattle office is billed individually
 * and has two open invoices (one past due); Northwind has an account-level translation invoice;
 * Contoso Legal has one invoice (the other tenant); Fabrikam Tutoring is a prepay account
 * (admin@fabrikam.example) that orders tests in advance; and each of Northwind and Contoso has an
 * unpaid translation project charge.
 */

export const DEMO_PREPAY_ACCOUNT = { name: "Fabrikam Tutoring", admin: { email: "admin@fabrikam.example", firstName: "Mira", lastName: "Castillo" } } as const;
export const DEMO_TRANSLATION_CHARGES = {
  northwind: { saleNumber: "TR-20417", description: "Translation of patient discharge instructions into Spanish and Vietnamese (14 pages)", amountCents: 126000 },
  contoso: { saleNumber: "TR-20433", description: "Certified translation of a French commercial lease (9 pages)", amountCents: 81000 },
} as const;

const PREPAY_TESTS = ["en-listening", "en-reading", "es-en-translation"];

export interface DemoBillingInput {
  passwordHash: string;
  accounts: { northwind: number; contoso: number };
  offices: { northwind: number[]; contoso: number[] };
  catalogue: CatalogueIds;
  adminUserIds: { northwind: number; contoso: number; provider: number };
}

const daysAgo = (n: number, now: Date) => businessDay(new Date(now.getTime() - n * 86_400_000));

const fee = (key: string) => TEST_FEES_CENTS[DEMO_TESTS.find((t) => t.key === key)!.durationMinutes as TestDuration].withNotice;
const testLine = (key: string, quantity: number) => ({ description: DEMO_TESTS.find((t) => t.key === key)!.description, quantity, unitCents: fee(key) });

export async function seedDemoBilling(tx: Tx, input: DemoBillingInput, now = new Date()): Promise<void> {
  const seattle = input.offices.northwind[2];
  await tx.update(offices).set({ isInvoiced: true }).where(eq(offices.id, seattle));
  const year = Number(businessDay(now).slice(0, 4));
  const invoice = async (inv: Omit<NewInvoice, "number" | "source" | "createdByUserId">) =>
    insertInvoice(tx, { ...inv, number: await nextInvoiceNumber(tx, year), source: "billing", createdByUserId: input.adminUserIds.provider });

  await invoice({
    accountId: input.accounts.northwind,
    officeId: seattle,
    department: "testing",
    invoiceDate: daysAgo(45, now),
    dueDate: daysAgo(15, now),
    paymentTerms: "Net 30",
    purchaseOrder: "PO-SEA-4471",
    lines: [testLine("en-listening", 6), testLine("es-ls-ivr", 4)],
  });
  await invoice({
    accountId: input.accounts.northwind,
    officeId: seattle,
    department: "testing",
    invoiceDate: daysAgo(10, now),
    dueDate: daysAgo(-20, now),
    paymentTerms: "Net 30",
    purchaseOrder: "PO-SEA-4502",
    lines: [testLine("en-listening", 12), testLine("en-reading", 4), testLine("es-en-translation", 2)],
  });
  await invoice({
    accountId: input.accounts.northwind,
    officeId: null,
    department: "translation",
    invoiceDate: daysAgo(20, now),
    dueDate: daysAgo(-10, now),
    paymentTerms: "Net 30",
    purchaseOrder: null,
    lines: [{ description: "Translation of consent forms into Spanish (22 pages)", quantity: 22, unitCents: 4500 }],
  });
  await invoice({
    accountId: input.accounts.contoso,
    officeId: null,
    department: "testing",
    invoiceDate: daysAgo(12, now),
    dueDate: daysAgo(-18, now),
    paymentTerms: "Net 30",
    purchaseOrder: "CL-0091",
    lines: [testLine("en-reading", 3)],
  });

  for (const key of ["northwind", "contoso"] as const) {
    await tx.insert(translationCharges).values({ accountId: input.accounts[key], ...DEMO_TRANSLATION_CHARGES[key], createdByUserId: input.adminUserIds.provider });
  }

  // The prepay account: its administrator and the tests it may order.
  const [fabrikam] = await tx.insert(accounts).values({ name: DEMO_PREPAY_ACCOUNT.name, services: ["testing"], prepay: true }).returning({ id: accounts.id });
  const a = DEMO_PREPAY_ACCOUNT.admin;
  await tx.insert(users).values({ email: a.email, firstName: a.firstName, lastName: a.lastName, roles: [Role.TestingAccountAdministrator, Role.User], accountId: fabrikam.id, passwordHash: input.passwordHash });
  await tx.insert(accountTests).values(
    PREPAY_TESTS.map((key) => {
      const duration = DEMO_TESTS.find((t) => t.key === key)!.durationMinutes as TestDuration;
      return { accountId: fabrikam.id, testId: input.catalogue.tests[key], feeCents: TEST_FEES_CENTS[duration].withNotice, shortNoticeFeeCents: TEST_FEES_CENTS[duration].shortNotice };
    }),
  );
}
