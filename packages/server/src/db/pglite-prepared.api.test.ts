import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, type Database } from "./client.js";

/** A prepared statement on PGlite gets back exactly the values it was given, whatever they hold. */
let database: Database;
beforeAll(async () => {
  database = await openPglite("memory://");
});
afterAll(() => database?.close());

const ECHO = "SELECT $1::text AS t, $2::text[] AS a, $3::int[] AS i, $4::bigint[] AS b, $5::timestamptz AS at, $6::int AS n";

describe("PGlite prepared statements", () => {
  it("round-trips quotes, backslashes, braces, commas, NULLs, unicode and large numbers", async () => {
    const tricky = [`it's`, `"quoted"`, `back\\slash`, `{braces},commas`, `NULL`, `emoji 😀 and 中文`, `'; DROP TABLE x; --`, ""];
    for (const t of tricky) {
      const values = [t, [t, null, "x"], [1, null, -3], [1_732_000_000_000_123, 2], new Date("2026-11-25T04:00:00.000Z"), null];
      const prepared = await database.sql.query(ECHO, values, { prepareAs: "echo_test" });
      const plain = await database.sql.query(ECHO, values);
      expect(prepared.rows).toEqual(plain.rows);
      expect(prepared.rows[0]).toMatchObject({ t, a: [t, null, "x"], i: [1, null, -3], b: [1_732_000_000_000_123, 2], n: null });
    }
  });

  it("refuses a statement name that is not a plain identifier", async () => {
    await expect(database.sql.query("SELECT 1", [], { prepareAs: "x; DROP TABLE y" })).rejects.toThrow(/bad statement name/);
  });
});
