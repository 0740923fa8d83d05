import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { auditLog, newsArticles } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";

/**
 * News and its administration: who reads what (published only; managers also drafts), every
 * admin route by each role (news manager, administrator, testing executive allowed; client roles,
 * candidate, evaluator 403; signed out 401), field rules (400, nothing stored), slugs made from the
 * title and kept unique, sanitised bodies, publish and delete.
 */
let t: TestApp;
const cookies: Record<string, string> = {};
const MANAGERS = ["news@parlance.example", "admin@parlance.example", "executive@parlance.example"];
const OTHERS = ["admin@northwind.example", "office.user@northwind.example", "candidate@northwind.example", "admin@contoso.example", "evaluator@parlance.example"];

const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who?: string, body?: unknown) => t.request({ method, url, cookie: who ? cookies[who] : undefined, body });
const articleCount = async () => (await t.ctx.db.select({ n: count() }).from(newsArticles))[0]!.n;
const valid = { title: "Quarterly testing update", summary: "What changed this quarter.", content: "<p>Hello</p>", tags: "Testing, Updates", featured_image_url: "", is_featured: false };

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of [...MANAGERS, ...OTHERS]) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

describe("GET /api/news", () => {
  it("lists published articles only, newest first, to anyone signed in; the limit gives the overview's 3", async () => {
    for (const who of [...MANAGERS, ...OTHERS]) {
      const res = await req("GET", "/api/news", who);
      expect(res.statusCode, who).toBe(200);
      const body = res.json();
      expect(body.articles.map((a: { slug: string }) => a.slug)).toEqual(["faster-chinese-scoring", "candidate-self-scheduling", "holiday-hours", "scale-table"]);
      expect(body.articles.every((a: { status: string }) => a.status === "PUBLISHED")).toBe(true);
      expect(body.articles[0].author).toBe("Hugo Brandt");
      expect(body.articles[0]).not.toHaveProperty("content");
    }
    const three = (await req("GET", "/api/news?limit=3", "candidate@northwind.example")).json();
    expect(three.articles).toHaveLength(3);
    expect(three.itemCount).toBe(4);
    expect(three.pageCount).toBe(2);
  });
  it("signed out: 401; a bad limit or page: 400", async () => {
    expect((await req("GET", "/api/news")).statusCode).toBe(401);
    expect((await req("GET", "/api/news?limit=0", "admin@northwind.example")).statusCode).toBe(400);
    expect((await req("GET", "/api/news?limit=abc", "admin@northwind.example")).statusCode).toBe(400);
    expect((await req("GET", "/api/news?page=-1", "admin@northwind.example")).statusCode).toBe(400);
  });
});

describe("GET /api/news/{slug-or-id}", () => {
  it("finds a published article by slug or by id, with its body, tags and author", async () => {
    const bySlug = await req("GET", "/api/news/faster-chinese-scoring", "admin@contoso.example");
    expect(bySlug.statusCode).toBe(200);
    const article = bySlug.json();
    expect(article.content).toContain("<strong>Mandarin</strong>");
    expect(article.tags).toEqual(["Testing", "Mandarin", "Scoring"]);
    expect(article.featured_image_url).toBe("/news/mandarin-testing.svg");
    const byId = await req("GET", `/api/news/${article.id}`, "candidate@northwind.example");
    expect(byId.json().slug).toBe("faster-chinese-scoring");
  });
  it("a draft or archived article is 404 to readers, shown to news managers; unknown: 404", async () => {
    expect((await req("GET", "/api/news/interpretation-requests-online", "admin@northwind.example")).statusCode).toBe(404);
    expect((await req("GET", "/api/news/paper-package-format", "evaluator@parlance.example")).statusCode).toBe(404);
    expect((await req("GET", "/api/news/interpretation-requests-online", "news@parlance.example")).json().status).toBe("draft");
    expect((await req("GET", "/api/news/no-such-article", "news@parlance.example")).statusCode).toBe(404);
    expect((await req("GET", "/api/news/99999999999", "news@parlance.example")).statusCode).toBe(404);
    // Over the slug limit: refused before the handler (the server's path parameter limit answers 414).
    expect([400, 414]).toContain((await req("GET", `/api/news/${"x".repeat(300)}`, "news@parlance.example")).statusCode);
  });
});

describe("admin routes: who may call them", () => {
  it("news managers, administrators and testing executives may; client roles, candidates and evaluators get 403; signed out 401", async () => {
    for (const who of MANAGERS) {
      const res = await req("GET", "/api/admin/news", who);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().articles.map((a: { status: string }) => a.status).sort()).toEqual(["ARCHIVED", "PUBLISHED", "PUBLISHED", "PUBLISHED", "PUBLISHED", "draft"]);
    }
    const id = (await t.ctx.db.select({ id: newsArticles.id }).from(newsArticles).where(eq(newsArticles.slug, "interpretation-requests-online")))[0]!.id;
    const before = await articleCount();
    for (const who of [...OTHERS, undefined]) {
      const status = who ? 403 : 401;
      expect((await req("GET", "/api/admin/news", who)).statusCode, `${who}`).toBe(status);
      expect((await req("GET", `/api/admin/news/${id}`, who)).statusCode).toBe(status);
      expect((await req("POST", "/api/admin/news/create", who, valid)).statusCode).toBe(status);
      expect((await req("PUT", `/api/admin/news/${id}/update`, who, valid)).statusCode).toBe(status);
      expect((await req("POST", `/api/admin/news/${id}/publish`, who, {})).statusCode).toBe(status);
      expect((await req("DELETE", `/api/admin/news/${id}/delete`, who, {})).statusCode).toBe(status);
    }
    expect(await articleCount()).toBe(before);
    expect((await req("GET", `/api/news/interpretation-requests-online`, "admin@northwind.example")).statusCode).toBe(404);
  });
});

describe("create and update", () => {
  it("refuses a missing title with 'Title is required' and over-long fields, storing nothing", async () => {
    const before = await articleCount();
    const bad = [
      { ...valid, title: "" },
      { ...valid, title: "   " },
      { summary: "no title" },
      { ...valid, title: "x".repeat(256) },
      { ...valid, slug: "s".repeat(256) },
      { ...valid, summary: "s".repeat(201) },
      { ...valid, featured_image_url: `https://example.com/${"i".repeat(500)}` },
      { ...valid, featured_image_url: "javascript:alert(1)" },
      { ...valid, is_featured: "yes" },
    ];
    for (const body of bad) {
      const res = await req("POST", "/api/admin/news/create", "news@parlance.example", body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const noTitle = await req("POST", "/api/admin/news/create", "news@parlance.example", { ...valid, title: "" });
    expect(noTitle.json().message).toContain("Title is required");
    expect(await articleCount()).toBe(before);
  });
  it("makes a blank slug from the title and keeps it unique; a typed slug taken by another: 409", async () => {
    const first = (await req("POST", "/api/admin/news/create", "news@parlance.example", valid)).json();
    const second = (await req("POST", "/api/admin/news/create", "executive@parlance.example", valid)).json();
    expect(first.slug).toBe("quarterly-testing-update");
    expect(second.slug).toBe("quarterly-testing-update-2");
    const chinese = (await req("POST", "/api/admin/news/create", "news@parlance.example", { ...valid, title: "新闻" })).json();
    expect(chinese.slug).toBe("article");
    const digits = (await req("POST", "/api/admin/news/create", "news@parlance.example", { ...valid, title: "2026" })).json();
    expect(digits.slug).toBe("news-2026");
    const taken = await req("POST", "/api/admin/news/create", "news@parlance.example", { ...valid, slug: "holiday-hours" });
    expect(taken.statusCode).toBe(409);
    const kept = await req("PUT", `/api/admin/news/${first.id}/update`, "admin@parlance.example", { ...valid, slug: "quarterly-testing-update", summary: "Changed" });
    expect(kept.statusCode).toBe(200);
    const stored = (await req("GET", `/api/admin/news/${first.id}`, "news@parlance.example")).json();
    expect(stored).toMatchObject({ summary: "Changed", status: "draft", tags: ["Testing", "Updates"], tag_list: "Testing, Updates", author: "Hugo Brandt" });
    expect(stored.last_updated_by).not.toBe("Hugo Brandt");
  });
  it("sanitises the body: no script, handler or javascript: address is stored", async () => {
    const content = `<p onclick="alert(1)">Hi<script>alert(2)</script></p><img src="/news/x.svg" onerror="alert(3)"><a href="javascript:alert(4)">x</a><iframe src="https://evil.example"></iframe><a href="https://ok.example/">ok</a>`;
    const created = (await req("POST", "/api/admin/news/create", "news@parlance.example", { ...valid, title: "Sanitised", content })).json();
    const stored = (await req("GET", `/api/admin/news/${created.id}`, "news@parlance.example")).json().content as string;
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:|iframe|alert/i);
    expect(stored).toContain("<p>Hi</p>");
    expect(stored).toContain('<a href="https://ok.example/" rel="noopener noreferrer">ok</a>');
  });
  it("update of an unknown article: 404; a bad id: 400", async () => {
    expect((await req("PUT", "/api/admin/news/99999/update", "news@parlance.example", valid)).statusCode).toBe(404);
    expect((await req("PUT", "/api/admin/news/abc/update", "news@parlance.example", valid)).statusCode).toBe(400);
    expect((await req("GET", "/api/admin/news/0", "news@parlance.example")).statusCode).toBe(400);
  });
});

describe("text fields are text; images are this site's (issue 24 points 9 and 10, issue 23)", () => {
  const create = (body: object) => req("POST", "/api/admin/news/create", "news@parlance.example", { ...valid, ...body });
  const read = async (id: number) => (await req("GET", `/api/news/${id}`, "news@parlance.example")).json();

  it("stores the summary, title and tags as plain text: markup dropped, its text and a lone < kept", async () => {
    const created = await create({ title: "<b>Results</b> & more", summary: `<img src=x onerror="alert(1)">Scores < 5 <script>alert(2)</script>improve <i>fast</i>`, tags: "<u>News</u>, Testing" });
    expect(created.statusCode, created.body).toBe(200);
    const article = await read(created.json().id);
    expect(article.summary).toBe("Scores < 5 improve fast");
    expect(article.title).toBe("Results & more");
    expect(article.tags).toEqual(["News", "Testing"]);
    const [row] = await t.ctx.db.select().from(newsArticles).where(eq(newsArticles.id, created.json().id));
    expect(row!.summary).toBe("Scores < 5 improve fast");
    // A title that is only markup is no title.
    const empty = await create({ title: "<img src=x onerror=alert(1)>" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Title is required");
  });

  it("refuses a featured image that a browser would load from another host, parsed as a browser parses it", async () => {
    const before = await articleCount();
    for (const url of ["/\\evil.example/x.png", "//evil.example/x.png", "https://evil.example/x.png", "http://localhost:3000/news/x.svg", "/\tx.png", "news/x.svg"]) {
      const res = await create({ featured_image_url: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toContain("The featured image must be an image on this site, such as /news/picture.svg");
    }
    expect(await articleCount()).toBe(before);
    const ok = await create({ featured_image_url: "/news/mandarin-testing.svg" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await read(ok.json().id)).featured_image_url).toBe("/news/mandarin-testing.svg");
  });

  it("refuses a body image from another site with a clear message and stores nothing; one of this site is kept", async () => {
    const before = await articleCount();
    for (const src of ["https://evil.example/x.png", "//evil.example/x.png", "/\\evil.example/x.png"]) {
      const res = await create({ content: `<p>Look</p><img src="${src}" alt="x">` });
      expect(res.statusCode, src).toBe(400);
      expect(res.json()).toMatchObject({ message: "Images in the article must be on this site, such as /news/picture.svg: the page's security policy blocks images from other sites.", messageKey: "news.messages.bodyImageElsewhere" });
    }
    expect(await articleCount()).toBe(before);
    const ok = await create({ content: `<p>Look</p><img src="/news/scheduling.svg" alt="A calendar">` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await read(ok.json().id)).content).toContain('<img src="/news/scheduling.svg" alt="A calendar" />');
  });
});

describe("publish and delete", () => {
  it("publishing a draft shows it to readers, newest first; it is audited", async () => {
    const created = (await req("POST", "/api/admin/news/create", "news@parlance.example", { ...valid, title: "Fresh news" })).json();
    expect((await req("GET", `/api/news/${created.slug}`, "admin@northwind.example")).statusCode).toBe(404);
    const res = await req("POST", `/api/admin/news/${created.id}/publish`, "executive@parlance.example", {});
    expect(res.statusCode).toBe(200);
    expect((await req("GET", "/api/news?limit=3", "admin@northwind.example")).json().articles[0].slug).toBe("fresh-news");
    const audited = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "news.publish"));
    expect(audited.some((a) => a.targetId === String(created.id))).toBe(true);
    expect((await req("POST", "/api/admin/news/99999/publish", "news@parlance.example", {})).statusCode).toBe(404);
  });
  it("an archived article can be published again", async () => {
    const id = (await t.ctx.db.select({ id: newsArticles.id }).from(newsArticles).where(eq(newsArticles.slug, "paper-package-format")))[0]!.id;
    await req("POST", `/api/admin/news/${id}/publish`, "news@parlance.example", {});
    expect((await req("GET", "/api/news/paper-package-format", "admin@northwind.example")).json().status).toBe("PUBLISHED");
  });
  it("deletes an article (then 404), audited", async () => {
    const created = (await req("POST", "/api/admin/news/create", "news@parlance.example", { ...valid, title: "To delete" })).json();
    expect((await req("DELETE", `/api/admin/news/${created.id}/delete`, "admin@parlance.example", {})).statusCode).toBe(200);
    expect((await req("GET", `/api/admin/news/${created.id}`, "news@parlance.example")).statusCode).toBe(404);
    expect((await req("DELETE", `/api/admin/news/${created.id}/delete`, "admin@parlance.example", {})).statusCode).toBe(404);
    expect((await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "news.delete"))).length).toBe(1);
  });
});
