import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trackRoutes, type CandidateTrack } from "@parlance/contract";
import { ApiCallError, call } from "../../api/client";

const trackKey = (id: number) => ["test-track", id] as const;
/** A 4xx (no such track, not yours) is an answer, not a hiccup: only other failures are tried once more. */
const retry = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

export function useTrack(id: number) {
  return useQuery({
    queryKey: trackKey(id),
    queryFn: ({ signal }) => call(trackRoutes.get, {}, { id }, { signal }),
    retry,
  });
}

/** Marks the track completed; the track and the candidate's tests are refreshed either way. */
export function useCompleteTrack(track: CandidateTrack) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(trackRoutes.update, { candidateTrackId: track.id, completed: true }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: trackKey(track.id) });
      await queryClient.invalidateQueries({ queryKey: ["candidate-tests", track.candidateId] });
    },
  });
}
