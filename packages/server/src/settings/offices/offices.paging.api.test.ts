import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

/** 20 offices a page, by name then id; the page count follows. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  admin = await t.signIn("admin@northwind.example");
});
afterAll(() => t?.close());

const page = async (p: number | string) =>
  (await t.request({ method: "POST", url: "/api/offices/list", cookie: admin, body: { page: p } })).json();

it("pages 25 new offices and the 3 demo offices as 20 + 8", async () => {
  // "Annex" sorts before the demo offices (Boston, Chicago, Seattle), so they end up on page 2.
  for (let i = 1; i <= 25; i++) {
    const name = `Annex ${String(i).padStart(2, "0")}`;
    const res = await t.request({ method: "POST", url: "/api/offices/edit", cookie: admin, body: { name } });
    expect(res.statusCode).toBe(200);
  }
  const first = await page(1);
  expect(first).toMatchObject({ itemCount: 28, pageCount: 2 });
  expect(first.offices).toHaveLength(20);
  expect(first.offices[0].name).toBe("Annex 01");

  const second = await page("2");
  expect(second).toMatchObject({ itemCount: 28, pageCount: 2 });
  expect(second.offices.map((o: { name: string }) => o.name)).toEqual([
    "Annex 21", "Annex 22", "Annex 23", "Annex 24", "Annex 25", "Boston", "Chicago", "Seattle",
  ]);

  // Past the end: an empty page, not an error.
  expect(await page(3)).toEqual({ offices: [], itemCount: 28, pageCount: 2 });
});

it("sorts names ignoring case", async () => {
  const res = await t.request({ method: "POST", url: "/api/offices/edit", cookie: admin, body: { name: "annex 00" } });
  expect(res.statusCode).toBe(200);
  expect((await page(1)).offices[0].name).toBe("annex 00");
});
