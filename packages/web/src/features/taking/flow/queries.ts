import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { takingRoutes, takingShowRoutes, type TestContentView } from "@parlance/contract";
import { call } from "../../../api/client";
import type { Receipt } from "./stages";

/** React-query keys of the flow, under one root so a finished test can drop them all. */
export const flowKeys = {
  all: (id: number) => ["taking", id] as const,
  show: (id: number) => ["taking", id, "show"] as const,
  content: (id: number) => ["taking", id, "content"] as const,
  section: (id: number, section: number) => ["taking", id, "section", section] as const,
  media: (id: number, item: string) => ["taking", id, "media", item] as const,
};

/** The test page's startup data (Tests Show): method, access code, proctor steps, attempt state. */
export function useTestShow(id: number) {
  return useQuery({
    queryKey: flowKeys.show(id),
    queryFn: () => call(takingShowRoutes.show, {}, { id }),
    // The page decides its stage from this once; a refetch on focus would not change the stage.
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * The started attempt's content. start_test is idempotent on the server (a started attempt is
 * resumed), so it is safe as the query of a resumed page as well as after the start dialog.
 */
export function useTestContent(id: number, enabled: boolean) {
  return useQuery({
    queryKey: flowKeys.content(id),
    queryFn: () => call(takingRoutes.start, {}, { id }),
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/** Starts the test; its content goes straight into the cache the running test reads (onStarted after). */
export function useStartTest(id: number, onStarted: () => void, onError: (err: Error) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(takingRoutes.start, {}, { id }),
    onSuccess: (content) => {
      queryClient.setQueryData(flowKeys.content(id), content);
      onStarted();
    },
    onError,
  });
}

/** Every section of the started test, each kept for the attempt's life. */
export function useTestSections(id: number, content: TestContentView) {
  return useQueries({
    queries: content.candidate_test_sections.map((s) => ({
      queryKey: flowKeys.section(id, s.id),
      queryFn: () => call(takingRoutes.section, { section: s.id }, { id }),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: 2,
    })),
  });
}

/**
 * Submits through the answer store (send). Once submitted the attempt's content and sections are
 * dropped and Tests Show read again; onClose runs first either way, onFinished last on success.
 */
export function useSubmitTest(id: number, send: () => Promise<Receipt>, onClose: () => void, onFinished: (receipt: Receipt) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too (the query client's default for every action): the answer store tries and then says §8's failure.
    mutationFn: send,
    onSuccess: (receipt) => {
      onClose();
      queryClient.removeQueries({ queryKey: flowKeys.content(id) });
      queryClient.removeQueries({ queryKey: ["taking", id, "section"] });
      void queryClient.invalidateQueries({ queryKey: flowKeys.show(id) });
      onFinished(receipt);
    },
    onError: () => onClose(),
  });
}

/** The item's audio access (plays left); the screen writes a fresh grant under the same key. */
export function useAudioAccess(id: number, item: string) {
  return useQuery({
    queryKey: flowKeys.media(id, item),
    queryFn: () => call(takingRoutes.requestAudio, { item }, { id }),
    staleTime: Infinity,
  });
}
