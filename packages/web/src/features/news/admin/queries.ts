import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminNewsRoutes } from "@parlance/contract";
import { call } from "../../../api/client";
import type { MutationHandlers } from "../../../api/mutationHandlers";

/** Every article (drafts too), a page at a time; all of ["news"] is refreshed after a change. */
export function useAdminNewsList(page: number) {
  return useQuery({
    queryKey: ["news", "admin", page],
    queryFn: ({ signal }) => call(adminNewsRoutes.list, { page }, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

type ArticleAction = Omit<MutationHandlers<unknown, number>, "onSettled">;

/** The screen says how it went (handlers); the news is refreshed either way. */
export function usePublishArticle(handlers: ArticleAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminNewsRoutes.publish, {}, { id }),
    ...handlers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["news"] }),
  });
}

export function useDeleteArticle(handlers: ArticleAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminNewsRoutes.delete, {}, { id }),
    ...handlers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["news"] }),
  });
}

/** The article being edited, always fresh (staleTime 0); nothing to load when creating. */
export function useAdminArticle(articleId: number | undefined, editing: boolean) {
  return useQuery({
    queryKey: ["news", "admin", "article", articleId],
    queryFn: ({ signal }) => call(adminNewsRoutes.get, {}, { id: articleId! }, { signal }),
    enabled: editing && Number.isInteger(articleId),
    staleTime: 0,
  });
}
