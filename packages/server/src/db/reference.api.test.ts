import { describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { migrateDatabase, openPglite, openPostgres, type Database } from "./client.js";
import { createScratchDatabase } from "./scratch.js";
import { healthcareRoles, healthcareSpecialties, languages } from "./schema.js";
import { CATALOGUE_LANGUAGES, HEALTHCARE_ROLES } from "./reference.js";
import { testDatabaseKind } from "../test/harness.js";

/**
 * A production database never gets the demo world, yet the test form and the evaluator profile
 * choose among the catalogue's languages: an empty database has them once migrated (regression:
 * they came only with the demo world, so a fresh production portal could create no test). So with
 * the health care roles a candidate of a medical account must have.
 */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDatabaseKind === "pglite") {
    const database = await openPglite("memory://");
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "parlance_reference");
  const database = await openPostgres(scratch.url);
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

describe("reference data", () => {
  it("an empty database, migrated, holds the catalogue's languages and the health care roles, once however often it starts", { timeout: 60_000 }, async () => {
    const { database, drop } = await emptyDatabase();
    try {
      await migrateDatabase(database);
      // A second start (or the admin command, then the server) adds nothing twice.
      await migrateDatabase(database);
      const rows = await database.db.select().from(languages).orderBy(asc(languages.id));
      expect(rows).toEqual([...CATALOGUE_LANGUAGES].sort((a, b) => a.id - b.id));
      const roles = await database.db.select().from(healthcareRoles).orderBy(asc(healthcareRoles.position));
      expect(roles.map((r) => r.name)).toEqual(HEALTHCARE_ROLES.map((r) => r.name));
      const specialties = await database.db.select().from(healthcareSpecialties);
      expect(specialties).toHaveLength(HEALTHCARE_ROLES.flatMap((r) => r.specialties).length);
    } finally {
      await drop();
    }
  });
});
