import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";
import { users } from "./core.js";

// News articles (evaluators-results-account.md §3 News article): status 0 draft, 1 published,
// 2 archived. `content` is HTML already sanitised when it was saved (server/news/sanitize.ts).

export const newsArticles = pgTable(
  "news_articles",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** Unique, lower case; made from the title when left blank. */
    slug: text("slug").notNull(),
    summary: text("summary").notNull().default(""),
    content: text("content").notNull().default(""),
    featuredImageUrl: text("featured_image_url").notNull().default(""),
    status: smallint("status").notNull().default(0),
    isFeatured: boolean("is_featured").notNull().default(false),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    lastUpdatedByUserId: integer("last_updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("news_articles_slug_idx").on(t.slug),
    // The published list, newest first.
    index("news_articles_published_idx").on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} = 1`),
  ],
);
