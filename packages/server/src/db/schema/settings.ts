import { boolean, index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { accountTests } from "./catalogue.js";
import { accounts, offices } from "./core.js";

// Settings lists of an account or office: test groups (packages) and result recipients.

/** Test groups (test packages): at account level (officeId null) or office level. */
export const testGroups = pgTable(
  "test_groups",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    officeId: integer("office_id").references(() => offices.id),
    description: text("description").notNull(),
    /** Available to every office of the account. */
    isGlobal: boolean("is_global").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("test_groups_account_office_idx").on(t.accountId, t.officeId)],
);

export const testGroupTests = pgTable(
  "test_group_tests",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => testGroups.id, { onDelete: "cascade" }),
    accountTestId: integer("account_test_id")
      .notNull()
      .references(() => accountTests.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.accountTestId] })],
);

/** People who receive results by mail: at account level (officeId null) or office level. */
export const resultRecipients = pgTable(
  "result_recipients",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    officeId: integer("office_id").references(() => offices.id),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull().default(""),
    isGlobal: boolean("is_global").notNull().default(false),
    /** What the recipient receives for each result: the score only, or the full PDF report too. */
    resultType: text("result_type", { enum: ["score_only", "full_report"] }).notNull().default("full_report"),
    createdAt: createdAt(),
  },
  (t) => [index("result_recipients_account_office_idx").on(t.accountId, t.officeId)],
);
