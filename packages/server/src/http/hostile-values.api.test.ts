import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { candidates } from "../db/schema.js";
import { UNSAFE_TEXT_MESSAGE } from "./clean-text.js";

/**
 * The values a black-box review found answering 500 (and downloads that sent 200 and then cut the
 * file): each is now a clear 400 from the shared layer, and nothing changes.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  admin = await t.signIn("admin@northwind.example");
});
afterAll(() => t?.close());

const candidateCount = async () => (await t.ctx.db.select({ n: count() }).from(candidates))[0].n;
const newCandidate = (over: object) => ({ firstName: "Nil", lastName: "Char", emailAddress: "nil.char@example.com", languageId: 140, officeId: t.ids.offices.northwind[0], ...over });

describe("NUL characters and lone surrogates", () => {
  it("a NUL in any text field of a form is a 400 and saves nothing", async () => {
    const before = await candidateCount();
    for (const field of ["firstName", "lastName", "clientNotes", "employeeId", "emailAddress"]) {
      const res = await t.request({ method: "POST", url: "/api/candidates/edit", cookie: admin, body: newCandidate({ [field]: "x\u0000y" }) });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ message: UNSAFE_TEXT_MESSAGE, messageKey: "errors.unsafeText" });
    }
    expect(await candidateCount()).toBe(before);
  });

  it("a NUL in a search term, or in a query string, is a 400", async () => {
    const search = await t.request({ method: "POST", url: "/api/candidates/search", cookie: admin, body: { query: "smi\u0000th", page: 1 } });
    expect(search.statusCode).toBe(400);
    const history = await t.request({ method: "GET", url: "/api/test_history/search?page=1&query=a%00b", cookie: admin });
    expect(history.statusCode).toBe(400);
    expect(history.json().message).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it("a lone surrogate in the sign-in email is a 400, and counts as no sign-in", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/login",
      headers: { origin: "http://localhost:3000", "content-type": "application/json" },
      payload: '{"email_address":"admin\\ud800@northwind.example","password":"Parlance-demo-1"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.cookies.find((c) => c.name === "parlance_session")).toBeUndefined();
  });
});

describe("dates the search language cannot take", () => {
  const message = "'0000-01-01' is outside the days a search can name (1900-01-01 to 2999-12-31).";

  it("start_date:0000-01-01 in either search is a 400 with the reason", async () => {
    const candidatesSearch = await t.request({ method: "POST", url: "/api/candidates/search", cookie: admin, body: { query: "start_date:0000-01-01", page: 1 } });
    expect(candidatesSearch.statusCode).toBe(400);
    expect(candidatesSearch.json().message).toBe(message);
    const history = await t.request({ method: "GET", url: `/api/test_history/search?page=1&query=${encodeURIComponent("start_date:0000-01-01")}`, cookie: admin });
    expect(history.statusCode).toBe(400);
    expect(history.json().message).toBe(message);
  });

  it("the downloads answer that 400 before any file header: no 200 with a cut file", async () => {
    const q = encodeURIComponent("start_date:0000-01-01");
    for (const url of [`/api/candidates/download?query=${q}`, `/api/test_history/file?format=csv&query=${q}`, `/api/test_history/file?format=xlsx&query=${q}`]) {
      const res = await t.request({ method: "GET", url, cookie: admin });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers["content-disposition"], url).toBeUndefined();
      expect(res.json().message, url).toBe(message);
    }
  });

  it("a real download still streams the whole file", async () => {
    const res = await t.request({ method: "GET", url: `/api/candidates/download?query=${encodeURIComponent("start_date:>=2020-01-01")}`, cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("candidates.csv");
    expect(res.body.split("\r\n").length).toBeGreaterThan(2);
  });
});

describe("searches that would hold the database", () => {
  it("249 one-letter terms are refused with the limit, before any query runs", async () => {
    const query = Array.from({ length: 249 }, (_, i) => "abcdefghijklmnopqrstuvwxyz"[i % 26]).join(" ");
    const res = await t.request({ method: "POST", url: "/api/candidates/search", cookie: admin, body: { query, page: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The search has too many terms (at most 10).");
  });

  it("a one-letter value of a keyword that matches anywhere is refused; ten terms still search", async () => {
    const res = await t.request({ method: "POST", url: "/api/candidates/search", cookie: admin, body: { query: "notes:a", page: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The search keyword 'notes' needs at least 2 characters.");
    const ten = await t.request({ method: "POST", url: "/api/candidates/search", cookie: admin, body: { query: "a e i o u s t r n l", page: 1 } });
    expect(ten.statusCode).toBe(200);
  });
});

describe("ids past int4", () => {
  it("2147483648 as a body id, a query id and a path id is a 400, never a 500", async () => {
    const answers = [
      await t.request({ method: "POST", url: "/api/candidates/delete", cookie: admin, body: { id: 2147483648 } }),
      await t.request({ method: "GET", url: "/api/candidates/form?id=2147483648", cookie: admin }),
      await t.request({ method: "GET", url: "/api/test_history/get_history?candidate_profile_id=2147483648", cookie: admin }),
      await t.request({ method: "GET", url: "/api/test_assignment/available_tests/2147483648", cookie: admin }),
      await t.request({ method: "GET", url: "/api/offices/2147483648", cookie: admin }),
    ];
    for (const res of answers) expect(res.statusCode, res.body).toBe(400);
  });

  it("an id past int4 inside a body (an evaluator to assign) is a 400", async () => {
    const executive = await t.signIn("executive@parlance.example");
    const res = await t.request({ method: "POST", url: "/api/test_results/assign_evaluator/1", cookie: executive, body: { evaluator_id: 2147483648 } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe("Choose an evaluator.");
  });
});
