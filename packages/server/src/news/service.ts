import { and, count, desc, eq, like, or, sql } from "drizzle-orm";
import { isSiteImagePath, newsMessages, pageCountOf, PAGE_SIZE, parseTags, type adminNewsRoutes, type newsRoutes, type NewsArticle, type NewsListOutput } from "@parlance/contract";
import type { DbContext } from "../context.js";
import { newsArticles } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";
import { audit } from "../audit/audit.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import type { InputOf } from "../http/implement-area.js";
import { pgCode } from "../db/pg-code.js";
import { articleById, articlesOut, STATUS } from "./records.js";
import { imageSources, plainText, sanitizeArticleHtml } from "./sanitize.js";
import { slugify, uniqueSlug } from "./slug.js";

const articleNotFound = () => notFound("That article");

function listEntries(articles: NewsArticle[]): NewsListOutput["articles"] {
  return articles.map(({ content: _content, ...entry }) => entry);
}

/** GET /api/news: published articles, newest first; `limit` (the overview's 3) replaces the page size. */
export async function publishedNews(ctx: DbContext, { page, limit }: InputOf<typeof newsRoutes.list>): Promise<NewsListOutput> {
  const size = limit ?? PAGE_SIZE;
  const published = eq(newsArticles.status, STATUS.published);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(newsArticles).where(published).orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id)).limit(size).offset((page - 1) * size),
    ctx.db.select({ n: count() }).from(newsArticles).where(published),
  ]);
  const itemCount = total?.n ?? 0;
  return { articles: listEntries(await articlesOut(ctx, rows)), itemCount, pageCount: pageCountOf(itemCount, size) };
}

/**
 * GET /api/news/{slug-or-id}: a published article by its slug, or by its id when the value is a
 * number (slugs are never all digits). News managers may also open drafts and archived ones.
 */
export async function newsArticle(ctx: DbContext, scope: Scope, slugOrId: string): Promise<NewsArticle> {
  const byId = /^\d{1,9}$/.test(slugOrId) ? eq(newsArticles.id, Number(slugOrId)) : undefined;
  const where = or(eq(newsArticles.slug, slugOrId.toLowerCase()), byId);
  const [row] = await ctx.db.select().from(newsArticles).where(where).limit(1);
  if (!row || (row.status !== STATUS.published && !scope.permissions.has("manageNews"))) throw articleNotFound();
  return (await articlesOut(ctx, [row]))[0]!;
}

/** GET /api/admin/news: every article, the latest changed first. */
export async function adminNewsList(ctx: DbContext, { page }: InputOf<typeof adminNewsRoutes.list>): Promise<NewsListOutput> {
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(newsArticles).orderBy(desc(newsArticles.updatedAt), desc(newsArticles.id)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
    ctx.db.select({ n: count() }).from(newsArticles),
  ]);
  const itemCount = total?.n ?? 0;
  return { articles: listEntries(await articlesOut(ctx, rows)), itemCount, pageCount: pageCountOf(itemCount) };
}

export async function adminArticle(ctx: DbContext, id: number): Promise<NewsArticle> {
  const row = await articleById(ctx, id);
  if (!row) throw articleNotFound();
  return (await articlesOut(ctx, [row]))[0]!;
}

type ArticleFields = InputOf<typeof adminNewsRoutes.create>;

/** Slugs like `base` already held by other articles. */
async function slugsLike(ctx: DbContext, base: string, exceptId?: number): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ slug: newsArticles.slug })
    .from(newsArticles)
    .where(and(or(eq(newsArticles.slug, base), like(newsArticles.slug, `${base}-%`)), exceptId === undefined ? undefined : sql`${newsArticles.id} <> ${exceptId}`));
  return new Set(rows.map((r) => r.slug));
}

/**
 * The slug to store: a typed one as a slug (taken by another article: 409); a blank one made from
 * the title and kept unique with -2, -3, …; a title without Latin letters or digits gives "article".
 */
async function slugFor(ctx: DbContext, input: ArticleFields, exceptId?: number): Promise<string> {
  const typed = slugify(input.slug);
  if (typed) {
    if ((await slugsLike(ctx, typed, exceptId)).has(typed)) throw conflict(newsMessages.slugTaken, "news.messages.slugTaken");
    return typed;
  }
  const base = slugify(input.title) || "article";
  return uniqueSlug(base, await slugsLike(ctx, base, exceptId));
}

/**
 * The fields as stored: text fields as plain text, the body sanitised. A body image from another
 * site is refused (400), not stored to be blocked by the page's security policy (img-src 'self').
 */
function storedFields(input: ArticleFields) {
  const content = sanitizeArticleHtml(input.content);
  if (imageSources(content).some((src) => !isSiteImagePath(src))) throw badRequest(newsMessages.bodyImageElsewhere, "news.messages.bodyImageElsewhere");
  const title = plainText(input.title);
  if (!title) throw badRequest(newsMessages.titleRequired, "news.messages.titleRequired");
  return {
    title,
    summary: plainText(input.summary),
    content,
    featuredImageUrl: input.featured_image_url,
    isFeatured: input.is_featured,
    tags: parseTags(plainText(input.tags)),
  };
}

/** Runs a write that stores a slug; two writers racing for one blank-title slug: the loser tries the next. */
async function withSlugRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (pgCode(err) !== "23505" || attempt >= 5) throw pgCode(err) === "23505" ? conflict(newsMessages.slugTaken, "news.messages.slugTaken") : err;
    }
  }
}

/** POST /api/admin/news/create: a new draft. */
export async function createArticle(ctx: DbContext, scope: Scope, input: ArticleFields) {
  const row = await withSlugRetry(async () => {
    const slug = await slugFor(ctx, input);
    const [inserted] = await ctx.db
      .insert(newsArticles)
      .values({ ...storedFields(input), slug, status: STATUS.draft, authorUserId: scope.userId, lastUpdatedByUserId: scope.userId })
      .returning({ id: newsArticles.id, slug: newsArticles.slug });
    return inserted!;
  });
  await audit(ctx, { actor: scope, action: "news.create", targetType: "news_article", targetId: row.id });
  return { success: true as const, id: row.id, slug: row.slug };
}

/** PUT /api/admin/news/{id}/update: the fields change; the state and the author stay. */
export async function updateArticle(ctx: DbContext, scope: Scope, id: number, input: ArticleFields) {
  if (!(await articleById(ctx, id))) throw articleNotFound();
  const row = await withSlugRetry(async () => {
    const slug = await slugFor(ctx, input, id);
    const [updated] = await ctx.db
      .update(newsArticles)
      .set({ ...storedFields(input), slug, lastUpdatedByUserId: scope.userId, updatedAt: new Date() })
      .where(eq(newsArticles.id, id))
      .returning({ id: newsArticles.id, slug: newsArticles.slug });
    return updated;
  });
  if (!row) throw articleNotFound();
  await audit(ctx, { actor: scope, action: "news.update", targetType: "news_article", targetId: id });
  return { success: true as const, id: row.id, slug: row.slug };
}

/** POST /api/admin/news/{id}/publish: a draft or archived article becomes published now (published already: unchanged). */
export async function publishArticle(ctx: DbContext, scope: Scope, id: number) {
  const row = await articleById(ctx, id);
  if (!row) throw articleNotFound();
  if (row.status === STATUS.published && row.publishedAt) return { success: true as const, published_at: row.publishedAt.toISOString() };
  const now = new Date();
  await ctx.db.update(newsArticles).set({ status: STATUS.published, publishedAt: now, lastUpdatedByUserId: scope.userId, updatedAt: now }).where(eq(newsArticles.id, id));
  await audit(ctx, { actor: scope, action: "news.publish", targetType: "news_article", targetId: id });
  return { success: true as const, published_at: now.toISOString() };
}

/** DELETE /api/admin/news/{id}/delete. */
export async function deleteArticle(ctx: DbContext, scope: Scope, id: number) {
  const deleted = await ctx.db.delete(newsArticles).where(eq(newsArticles.id, id)).returning({ id: newsArticles.id, title: newsArticles.title });
  if (deleted.length === 0) throw articleNotFound();
  await audit(ctx, { actor: scope, action: "news.delete", targetType: "news_article", targetId: id, details: { title: deleted[0]!.title } });
  return { success: true as const };
}
