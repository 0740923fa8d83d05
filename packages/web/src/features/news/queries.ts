import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { newsRoutes } from "@parlance/contract";
import { call } from "../../api/client";

/** Published news, a page at a time; everything under ["news"] is refreshed after an edit. */
export function useNewsList(page: number) {
  return useQuery({
    queryKey: ["news", "list", page],
    queryFn: ({ signal }) => call(newsRoutes.list, { page }, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNewsArticle(slug: string) {
  return useQuery({
    queryKey: ["news", "article", slug],
    queryFn: ({ signal }) => call(newsRoutes.show, {}, { id: slug }, { signal }),
  });
}
