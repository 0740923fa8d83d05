import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { backofficeContentMessages, backofficeContentRoutes } from "@parlance/contract";
import { ApiCallError, call } from "../../../api/client";

/** Query keys of a test's content; a publish refreshes them and the catalogue (its version counts). */
export const contentKeys = {
  versions: (id: number, page: number) => ["backofficeContent", id, page] as const,
  test: (id: number) => ["backofficeContent", id] as const,
};

export const contentCatalogs = { "boContent.messages": backofficeContentMessages };

const retryServerErrors = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

export function useContentVersions(testId: number, page: number) {
  return useQuery({
    queryKey: contentKeys.versions(testId, page),
    queryFn: ({ signal }) => call(backofficeContentRoutes.versions, { page }, { id: testId }, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

/** The content file first, then its media files: the form the server reads (multipart parts `content`, `media`). */
export function uploadForm(content: File, media: File[]): FormData {
  const form = new FormData();
  form.append("content", content, content.name);
  for (const m of media) form.append("media", m, m.name);
  return form;
}

export function useCheckContent(testId: number) {
  return useMutation({
    mutationFn: ({ content, media }: { content: File; media: File[] }) =>
      call(backofficeContentRoutes.check, {}, { id: testId }, { formData: uploadForm(content, media), timeoutMs: 120_000 }),
  });
}

export function usePublishContent(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, media }: { content: File; media: File[] }) =>
      call(backofficeContentRoutes.publish, {}, { id: testId }, { formData: uploadForm(content, media), timeoutMs: 120_000 }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contentKeys.test(testId) });
      await queryClient.invalidateQueries({ queryKey: ["backofficeCatalogue"] });
    },
  });
}
