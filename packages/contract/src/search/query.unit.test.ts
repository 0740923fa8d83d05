import { describe, expect, it } from "vitest";
import { formatSearchQuery, parseDateValue, parseSearchQuery, SEARCH_KEYWORDS, type SearchQuery } from "./query.js";

function parsed(text: string): SearchQuery {
  const r = parseSearchQuery(text);
  if (!r.ok) throw new Error(r.message);
  return r.query;
}

describe("parseSearchQuery", () => {
  it("reads free terms and keywords, case-insensitively", () => {
    expect(parsed("smith Office:Boston")).toEqual({
      free: ["smith"],
      filters: [{ kind: "text", keyword: "office", value: "Boston" }],
      sort: null,
    });
  });

  it("keeps quoted values with spaces whole", () => {
    const q = parsed('name:"Mary Ann" test:"Spanish Reading (Paper)" "van der Berg"');
    expect(q.free).toEqual(["van der Berg"]);
    expect(q.filters).toEqual([
      { kind: "text", keyword: "name", value: "Mary Ann" },
      { kind: "text", keyword: "test", value: "Spanish Reading (Paper)" },
    ]);
  });

  it("knows every keyword of the spec", () => {
    const values: Record<string, string> = {
      start_date: "2026-01-01",
      end_date: "2026-02-01",
      created: "2026-01-01",
      updated: "2026-01-01",
      assigned: "2026-01-01",
      expired: "yes",
      adjustments: "no",
      sort: "date",
    };
    for (const keyword of SEARCH_KEYWORDS) {
      const r = parseSearchQuery(`${keyword}:${values[keyword] ?? "xy"}`);
      expect(r.ok, keyword).toBe(true);
    }
  });

  it("reads dates as days, bounds and ranges", () => {
    expect(parseDateValue("2026-03-01")).toEqual({ from: "2026-03-01", to: "2026-03-01" });
    expect(parseDateValue(">=2026-03-01")).toEqual({ from: "2026-03-01" });
    expect(parseDateValue(">2026-02-28")).toEqual({ from: "2026-03-01" });
    expect(parseDateValue("<2026-03-01")).toEqual({ to: "2026-02-28" });
    expect(parseDateValue("2026-03-01..2026-03-31")).toEqual({ from: "2026-03-01", to: "2026-03-31" });
    expect(parseDateValue("2026-02-30")).toBeNull();
    expect(parseDateValue("2026-03-31..2026-03-01")).toBeNull();
    expect(parsed("start_date:2026-03-01 end_date:2026-03-31").filters).toEqual([
      { kind: "date", keyword: "start_date", from: "2026-03-01" },
      { kind: "date", keyword: "end_date", to: "2026-03-31" },
    ]);
  });

  it("reads flags, the expiration filter and sort", () => {
    expect(parsed("expired:all").filters).toEqual([]);
    expect(parsed("expired:Yes adjustments:no").filters).toEqual([
      { kind: "flag", keyword: "expired", value: true },
      { kind: "flag", keyword: "adjustments", value: false },
    ]);
    expect(parsed("sort:-date").sort).toEqual({ field: "date", descending: true });
    expect(parsed("sort:health_care_role").sort).toEqual({ field: "health_care_role", descending: false });
  });

  it("refuses what it cannot read, with a message that says why", () => {
    const message = (text: string) => {
      const r = parseSearchQuery(text);
      return r.ok ? "" : r.message;
    };
    expect(message("colour:red")).toMatch(/^Unknown search keyword 'colour'. Use one of: name, id,/);
    expect(message('name:"Mary')).toBe("A quoted search term is missing its closing quote.");
    expect(message("created:yesterday")).toMatch(/^'yesterday' is not a date for 'created'/);
    expect(message("expired:maybe")).toBe("'expired' takes yes or no.");
    expect(message("sort:colour")).toBe("Sort by one of: name, id, office, email, test, method, date, health_care_role.");
    expect(message("name:")).toBe("The search keyword 'name' needs a value.");
    expect(message("x".repeat(501))).toMatch(/too long/);
  });

  it("bounds what one search may ask: terms, anywhere-matches of one letter, and days", () => {
    const message = (text: string) => {
      const r = parseSearchQuery(text);
      return r.ok ? "" : r.message;
    };
    expect(message("a b c d e f g h i j")).toBe("");
    expect(message("a b c d e f g h i j k")).toBe("The search has too many terms (at most 10).");
    expect(message("a b c d e f g h i expired:no sort:name")).toBe("The search has too many terms (at most 10).");
    expect(message("notes:a")).toBe("The search keyword 'notes' needs at least 2 characters.");
    expect(message("test:x")).toBe("The search keyword 'test' needs at least 2 characters.");
    expect(message("test:xy name:a")).toBe("");
    expect(message("start_date:0000-01-01")).toBe("'0000-01-01' is outside the days a search can name (1900-01-01 to 2999-12-31).");
    expect(message("created:1899-12-31..2026-01-01")).toMatch(/outside the days/);
    expect(message("assigned:<1900-01-01")).toMatch(/outside the days/);
    expect(message("assigned:>=1900-01-01")).toBe("");
    expect(message("end_date:2999-12-31")).toBe("");
  });

  it("builds queries that parse back to the same fields", () => {
    const text = formatSearchQuery({
      text: "smith",
      terms: { office: "New York", expired: "no", email: "" },
      sort: { field: "name", descending: true },
    });
    expect(text).toBe('smith office:"New York" expired:no sort:-name');
    expect(parsed(text).filters).toEqual([
      { kind: "text", keyword: "office", value: "New York" },
      { kind: "flag", keyword: "expired", value: false },
    ]);
  });

  it("treats an empty query as everything", () => {
    expect(parsed("")).toEqual({ free: [], filters: [], sort: null });
    expect(parseSearchQuery(undefined).ok).toBe(true);
  });
});
