import type { adminNewsRoutes, newsRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { adminArticle, adminNewsList, createArticle, deleteArticle, newsArticle, publishArticle, publishedNews, updateArticle } from "./service.js";

/** The news anyone signed in reads (evaluators-results-account.md §2 /news, §7). */
export const newsHandlers = (ctx: AppContext): AreaHandlers<typeof newsRoutes> => ({
  list: ({ input }) => publishedNews(ctx, input),
  show: ({ scope, params }) => newsArticle(ctx, scope, params.id),
});

/** Its administration: news managers, administrators and testing executives (the manageNews permission). */
export const adminNewsHandlers = (ctx: AppContext): AreaHandlers<typeof adminNewsRoutes> => ({
  list: ({ input }) => adminNewsList(ctx, input),
  get: ({ params }) => adminArticle(ctx, params.id),
  create: ({ scope, input }) => createArticle(ctx, scope, input),
  update: ({ scope, params, input }) => updateArticle(ctx, scope, params.id, input),
  publish: ({ scope, params }) => publishArticle(ctx, scope, params.id),
  delete: ({ scope, params }) => deleteArticle(ctx, scope, params.id),
});
