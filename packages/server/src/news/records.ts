import { eq, inArray } from "drizzle-orm";
import type { ArticleStatus, NewsArticle } from "@parlance/contract";
import type { DbContext } from "../context.js";
import { newsArticles, users } from "../db/schema.js";
import { plainText } from "./sanitize.js";

export type ArticleRow = typeof newsArticles.$inferSelect;

/** Stored status → the spec's word: 0 draft, 1 PUBLISHED, anything else ARCHIVED. */
export const STATUS = { draft: 0, published: 1, archived: 2 } as const;
export function statusWord(status: number): ArticleStatus {
  return status === STATUS.draft ? "draft" : status === STATUS.published ? "PUBLISHED" : "ARCHIVED";
}

/** The names of the authors and last editors of some articles, by user id. */
async function namesOf({ db }: DbContext, rows: readonly ArticleRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => [r.authorUserId, r.lastUpdatedByUserId]).filter((v): v is number => v !== null))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
}

/** Articles as the contract shows them, authors named. */
export async function articlesOut(ctx: DbContext, rows: readonly ArticleRow[]): Promise<NewsArticle[]> {
  const names = await namesOf(ctx, rows);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    slug: r.slug,
    // Plain text also for a row saved before text fields were stored as text.
    summary: plainText(r.summary),
    content: r.content,
    featured_image_url: r.featuredImageUrl,
    status: statusWord(r.status),
    is_featured: r.isFeatured,
    tag_list: r.tags.join(", "),
    tags: r.tags,
    author: (r.authorUserId !== null ? names.get(r.authorUserId) : undefined) ?? "",
    published_at: r.publishedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    last_updated_by: r.lastUpdatedByUserId !== null ? (names.get(r.lastUpdatedByUserId) ?? null) : null,
  }));
}

export async function articleById({ db }: DbContext, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(newsArticles).where(eq(newsArticles.id, id)).limit(1);
  return row;
}
