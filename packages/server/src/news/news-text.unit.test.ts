import { describe, expect, it } from "vitest";
import { cutSummary, isSiteImagePath, parseTags } from "@parlance/contract";
import { slugify, uniqueSlug } from "./slug.js";
import { plainText, sanitizeArticleHtml } from "./sanitize.js";

describe("slugs", () => {
  it("are lower-case ASCII words between single hyphens, accents dropped, never all digits", () => {
    expect(slugify("  Faster Results — for Chinese tests!  ")).toBe("faster-results-for-chinese-tests");
    expect(slugify("Café déjà vu")).toBe("cafe-deja-vu");
    expect(slugify("2026")).toBe("news-2026");
    expect(slugify("新闻")).toBe("");
    expect(slugify("a".repeat(300))).toHaveLength(255);
  });
  it("are kept unique with -2, -3, … within 255 characters", () => {
    expect(uniqueSlug("news", new Set())).toBe("news");
    expect(uniqueSlug("news", new Set(["news", "news-2"]))).toBe("news-3");
    const long = "a".repeat(255);
    expect(uniqueSlug(long, new Set([long]))).toBe(`${"a".repeat(253)}-2`);
  });
});

describe("summaries and tags", () => {
  it("cuts a summary at 120 characters plus an ellipsis, by characters not UTF-16 units", () => {
    expect(cutSummary("short")).toBe("short");
    expect(cutSummary("x".repeat(120))).toBe("x".repeat(120));
    expect(cutSummary("x".repeat(121))).toBe(`${"x".repeat(120)}…`);
    expect(cutSummary("😀".repeat(130))).toBe(`${"😀".repeat(120)}…`);
  });
  it("reads comma-separated tags, trimmed, blanks and repeats dropped", () => {
    expect(parseTags(" Testing, ,Mandarin,testing ,  New   York ")).toEqual(["Testing", "Mandarin", "New York"]);
    expect(parseTags("")).toEqual([]);
  });
});

describe("article bodies", () => {
  it("keep text, structure and safe links; lose scripts, handlers, javascript: and data: addresses, frames and styles", () => {
    const out = sanitizeArticleHtml(
      `<h2 style="color:red">Hi</h2><script>alert(1)</script><p onclick="x()">a <a href="javascript:alert(1)">b</a> <a href="https://ok.example/" target="_blank">c</a></p><img src="data:image/png;base64,AAAA" onerror="x()"><iframe src="https://x.example"></iframe><style>p{}</style><svg><script>alert(2)</script></svg>`,
    );
    expect(out).toBe(`<h2>Hi</h2><p>a <a rel="noopener noreferrer">b</a> <a href="https://ok.example/" rel="noopener noreferrer">c</a></p><img />`);
  });
});

describe("plain text and site image paths", () => {
  it("plainText drops markup and keeps the text, entities as characters", () => {
    expect(plainText(`<img src=x onerror="alert(1)">Hi`)).toBe("Hi");
    expect(plainText("Q&A: scores < 5 & > 2")).toBe("Q&A: scores < 5 & > 2");
    expect(plainText(`<script>alert(1)</script>"quoted" 'single'`)).toBe(`"quoted" 'single'`);
  });
  it("isSiteImagePath accepts a path here, never what a browser resolves to another host", () => {
    expect(isSiteImagePath("/news/a.svg")).toBe(true);
    expect(isSiteImagePath("/news/a b.svg")).toBe(false);
    for (const v of ["/\\evil.example/x.png", "//evil.example/x.png", "/\t/evil.example/x.png", "https://evil.example/x.png", "x.png", "javascript:alert(1)", ""]) expect(isSiteImagePath(v), v).toBe(false);
  });
});
