import { z } from "zod";
import { defineRoute } from "../route.js";
import { pageInput } from "../common/paging.js";
import { id } from "../common/ids.js";

/**
 * News (evaluators-results-account.md §2 /news, /admin/news; §3 News article; §4 Article; §5
 * Article; §7 /api/news, /api/admin/news…; §8 News; §9 at most 3 on the overview, summaries cut
 * at 120 characters). Bodies are HTML, sanitised by the server when saved and again by the screen
 * before it shows them.
 */

export const NEWS_LIMITS = { title: 255, slug: 255, summary: 200, featuredImageUrl: 500, tags: 1000, content: 100_000 } as const;
/** The overview's news: at most this many articles, each summary cut at this many characters plus an ellipsis. */
export const OVERVIEW_NEWS_COUNT = 3;
export const OVERVIEW_SUMMARY_CHARS = 120;

/** The spec's words for the stored states 0, 1 and anything else. */
export const ARTICLE_STATUSES = ["draft", "PUBLISHED", "ARCHIVED"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const newsMessages = {
  titleRequired: "Title is required",
  createFailure: "Failed to create article",
  updateFailure: "Failed to update article",
  loadArticleFailure: "Failed to load article. Please try again later.",
  loadNewsFailure: "Failed to load news articles. Please try again later.",
  overviewNewsFailure: "Unable to load news at this time.",
  loadArticlesFailure: "Failed to load articles. Please try again later.",
  deleteFailure: "Failed to delete article.",
  publishFailure: "Failed to publish article.",
  deleted: "Article deleted successfully",
  published: "Article published successfully",
  noNews: "No news articles available at this time.",
  slugTaken: "That slug is used by another article.",
  badImageUrl: "The featured image must be an image on this site, such as /news/picture.svg: the page's security policy blocks images from other sites.",
  bodyImageElsewhere: "Images in the article must be on this site, such as /news/picture.svg: the page's security policy blocks images from other sites.",
} as const;

/** "A summary cut at 120 characters plus an ellipsis" (by code points, so no character is split). */
export function cutSummary(summary: string, max = OVERVIEW_SUMMARY_CHARS): string {
  const chars = Array.from(summary.trim());
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max).join("").trimEnd()}…`;
}

/** Tags as typed: comma-separated, trimmed, blanks and repeats (ignoring case) dropped. */
export function parseTags(tagList: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of tagList.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag.slice(0, 60));
    }
  }
  return tags;
}

/** A stand-in origin: a path is ours when the WHATWG parser resolves it without leaving it. */
const HERE = "https://parlance.invalid";

/**
 * Whether an image address is a path on this site, which the page's security policy (img-src
 * 'self') lets load. Parsed as a browser would (WHATWG URL): `/\evil.example/x.png` and
 * `//evil.example/x.png` resolve to another host and are refused; so are absolute addresses.
 */
export function isSiteImagePath(value: string): boolean {
  // White space or a control character is dropped or refused by browsers in ways of their own.
  if (!value.startsWith("/") || Array.from(value).some((ch) => ch.trim() === "" || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return false;
  try {
    return new URL(value, HERE).origin === HERE;
  } catch {
    return false;
  }
}

const imageUrl = z
  .string()
  .trim()
  .max(NEWS_LIMITS.featuredImageUrl)
  .refine((v) => v === "" || isSiteImagePath(v), newsMessages.badImageUrl);

/** The article form (spec §7: title, slug, summary, content, tags, featured_image_url, is_featured). */
export const articleInput = z.object({
  // Only a missing title is "Title is required"; a long one gets the contract's too-long words.
  title: z.string({ error: (iss) => (iss.input === undefined || iss.code === "invalid_type" ? newsMessages.titleRequired : undefined) }).trim().min(1, newsMessages.titleRequired).max(NEWS_LIMITS.title),
  slug: z.string().trim().max(NEWS_LIMITS.slug).default(""),
  summary: z.string().trim().max(NEWS_LIMITS.summary).default(""),
  content: z.string().max(NEWS_LIMITS.content).default(""),
  /** Comma-separated. */
  tags: z.string().max(NEWS_LIMITS.tags).default(""),
  featured_image_url: imageUrl.default(""),
  is_featured: z.boolean().default(false),
});
export type ArticleInput = z.input<typeof articleInput>;

/** One article as the screens show it (spec §3). */
export const newsArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  content: z.string(),
  featured_image_url: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  is_featured: z.boolean(),
  /** The tags as typed in the form: "Testing, Mandarin". */
  tag_list: z.string(),
  tags: z.array(z.string()),
  author: z.string(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_updated_by: z.string().nullable(),
});
export type NewsArticle = z.infer<typeof newsArticle>;

/** A list entry: the article without its body. */
export const newsListEntry = newsArticle.omit({ content: true });
export type NewsListEntry = z.infer<typeof newsListEntry>;

export const newsListOutput = z.object({ articles: z.array(newsListEntry), itemCount: z.number().int(), pageCount: z.number().int() });
export type NewsListOutput = z.infer<typeof newsListOutput>;

/** GET /api/admin/news/{id}: the form's fields (spec §7), with the rest of the article. */
export const adminArticleOutput = newsArticle;

const articleId = z.object({ id });
const savedOutput = z.object({ success: z.literal(true), id: z.number().int(), slug: z.string() });

export const newsRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/news",
    input: z.object({ page: pageInput, limit: z.coerce.number().int().min(1).max(20).optional() }),
    output: newsListOutput,
    access: "signedIn",
    failure: "newsLoadFailure",
    summary: "Published news articles, newest first (limit: the overview's 3)",
  }),
  show: defineRoute({
    method: "GET",
    path: "/api/news/:id",
    input: z.object({}),
    params: z.object({ id: z.string().trim().min(1).max(NEWS_LIMITS.slug) }),
    output: newsArticle,
    access: "signedIn",
    failure: "articleLoadFailure",
    summary: "One published article by its slug or id (news managers also see drafts and archived ones)",
  }),
} as const;

export const adminNewsRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/admin/news",
    input: z.object({ page: pageInput }),
    output: newsListOutput,
    access: "manageNews",
    failure: "articlesLoadFailure",
    summary: "Every article in any state, newest change first",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/admin/news/:id",
    input: z.object({}),
    params: articleId,
    output: adminArticleOutput,
    access: "manageNews",
    failure: "articleLoadFailure",
    summary: "One article for the edit form",
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/admin/news/create",
    input: articleInput,
    output: savedOutput,
    access: "manageNews",
    failure: "articleCreateFailure",
    summary: "A new draft article (a blank slug is made from the title, kept unique; the body sanitised)",
  }),
  update: defineRoute({
    method: "PUT",
    path: "/api/admin/news/:id/update",
    input: articleInput,
    params: articleId,
    output: savedOutput,
    access: "manageNews",
    failure: "articleUpdateFailure",
    summary: "Changes an article's fields (its state is unchanged)",
  }),
  publish: defineRoute({
    method: "POST",
    path: "/api/admin/news/:id/publish",
    input: z.object({}),
    params: articleId,
    output: z.object({ success: z.literal(true), published_at: z.string() }),
    access: "manageNews",
    failure: "articlePublishFailure",
    summary: "Publishes a draft or archived article",
  }),
  delete: defineRoute({
    method: "DELETE",
    path: "/api/admin/news/:id/delete",
    input: z.object({}),
    params: articleId,
    output: z.object({ success: z.literal(true) }),
    access: "manageNews",
    failure: "articleDeleteFailure",
    summary: "Deletes an article",
  }),
} as const;
