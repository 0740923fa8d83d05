import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The upgrade rule (docs/upgrades.md): a release's migrations run while the previous release still
 * serves, so after the baseline they may only add — new tables, indexes, nullable columns or columns
 * with a default. Whatever would break the old code (drops, renames, type changes, NOT NULL on a
 * column it does not fill, a constraint its writes may not meet) waits for a later release, once no
 * process of the old one runs, and goes in REVIEWED with the reason it is safe then.
 */

/** Migrations up to and including this one were made before the rule (issue 17), with no release in production. */
const BASELINE = 28;

/** Reviewed exceptions: migration tag (file name without .sql) → why the old release cannot be hurt by it. */
const REVIEWED: Record<string, string> = {
  "0032_payments_one_charge_per_debt":
    "the unique indexes are on idempotency_key, a column the same migration adds as nullable: the old release never writes it, and NULLs never collide",
};

const folder = path.join(import.meta.dirname, "migrations");

/** The statements of a migration, comments removed (drizzle separates them with `--> statement-breakpoint`). */
function statementsOf(sql: string): string[] {
  return sql
    .split(/-->\s*statement-breakpoint/)
    .flatMap((part) => part.split(/;\s*(?:\n|$)/))
    .map((s) => s.replace(/--[^\n]*/g, " ").replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** What in `sql` the old release could trip over; empty when the migration only adds. */
function nonAdditive(sql: string): string[] {
  const statements = statementsOf(sql);
  const created = new Set(statements.map((s) => s.match(/^CREATE TABLE (?:IF NOT EXISTS )?("?[\w.]+"?(?:\."?\w+"?)?)/i)?.[1]?.replaceAll('"', "")).filter(Boolean));
  const tableOf = (s: string) => s.match(/^ALTER TABLE (?:ONLY )?(?:IF EXISTS )?("?[\w.]+"?(?:\."?\w+"?)?)/i)?.[1]?.replaceAll('"', "");
  const indexTable = (s: string) => s.match(/\bON (?:ONLY )?("?[\w.]+"?(?:\."?\w+"?)?)/i)?.[1]?.replaceAll('"', "");
  const found: string[] = [];
  for (const s of statements) {
    const why = [
      /\bDROP\b/i.test(s) && "drops something (a table, column, index, constraint or default)",
      /\bRENAME\b/i.test(s) && "renames",
      /\bTRUNCATE\b/i.test(s) && "truncates",
      /\bALTER COLUMN "?\w+"? (?:SET DATA )?TYPE\b/i.test(s) && "changes a column's type",
      /\bSET NOT NULL\b/i.test(s) && "makes an existing column NOT NULL",
      /\bADD COLUMN\b/i.test(s) && /\bNOT NULL\b/i.test(s) && !/\bDEFAULT\b/i.test(s) && "adds a NOT NULL column without a default",
      /\bADD CONSTRAINT\b/i.test(s) && !created.has(tableOf(s)) && "adds a constraint to an existing table",
      /^CREATE UNIQUE INDEX\b/i.test(s) && !created.has(indexTable(s)) && "adds a unique index to an existing table",
    ].filter((w): w is string => typeof w === "string");
    for (const w of why) found.push(`${w}: ${s.slice(0, 160)}`);
  }
  return found;
}

describe("migrations after the baseline only add (docs/upgrades.md)", () => {
  const files = fs.readdirSync(folder).filter((f) => /^\d{4}_.*\.sql$/.test(f));

  it("the baseline and every reviewed exception name a migration that exists", () => {
    expect(files.some((f) => Number(f.slice(0, 4)) === BASELINE)).toBe(true);
    for (const tag of Object.keys(REVIEWED)) expect(files, tag).toContain(`${tag}.sql`);
  });

  it.each(files.filter((f) => Number(f.slice(0, 4)) > BASELINE))("%s", (file) => {
    const tag = file.replace(/\.sql$/, "");
    const found = nonAdditive(fs.readFileSync(path.join(folder, file), "utf8"));
    if (REVIEWED[tag]) return;
    expect(found, `${file} would break the release still running while it is applied; see docs/upgrades.md`).toEqual([]);
  });

  it("the check itself: what adds passes, what would break the old release is named", () => {
    const adds = [
      `CREATE TABLE "notes" ("id" serial PRIMARY KEY NOT NULL, "user_id" integer NOT NULL, "body" text NOT NULL);`,
      `ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id");`,
      `CREATE UNIQUE INDEX "notes_body_idx" ON "notes" USING btree ("body");`,
      `ALTER TABLE "sessions" ADD COLUMN "client_hint" text DEFAULT 'unknown' NOT NULL;`,
      `ALTER TABLE "evaluators" ADD COLUMN "max_open_tests" integer;`,
      `CREATE INDEX "candidate_tests_deadline_idx" ON "candidate_tests" USING btree ("deadline_at");`,
    ].join("--> statement-breakpoint\n");
    expect(nonAdditive(adds)).toEqual([]);
    const breaks: [string, string][] = [
      [`ALTER TABLE "users" DROP COLUMN "phone";`, "drops"],
      [`DROP TABLE "old_things";`, "drops"],
      [`DROP INDEX "candidates_history_role_idx";`, "drops"],
      [`ALTER TABLE "users" RENAME COLUMN "phone" TO "telephone";`, "renames"],
      [`ALTER TABLE "users" ALTER COLUMN "phone" SET DATA TYPE varchar(20);`, "type"],
      [`ALTER TABLE "users" ALTER COLUMN "phone" TYPE varchar(20);`, "type"],
      [`ALTER TABLE "users" ALTER COLUMN "phone" SET NOT NULL;`, "NOT NULL"],
      [`ALTER TABLE "users" ALTER COLUMN "phone" DROP DEFAULT;`, "drops"],
      [`ALTER TABLE "users" ADD COLUMN "region" text NOT NULL;`, "without a default"],
      [`ALTER TABLE "users" ADD CONSTRAINT "users_phone_check" CHECK (phone <> '');`, "constraint"],
      [`CREATE UNIQUE INDEX "users_phone_idx" ON "users" USING btree ("phone");`, "unique index"],
      [`TRUNCATE "rate_limit_hits";`, "truncates"],
    ];
    for (const [sql, word] of breaks) {
      const found = nonAdditive(sql);
      expect(found, sql).toHaveLength(1);
      expect(found[0], sql).toContain(word);
    }
  });
});
