import { useEffect, useState } from "react";
import { adminRoutes, USER_SEARCH_DEBOUNCE_MS, USER_SEARCH_MIN_LENGTH, type UserSearchResult } from "@parlance/contract";
import { call } from "../../api/client";

/**
 * Suggestions for the impersonation form (spec §5): asked for USER_SEARCH_DEBOUNCE_MS (500 ms) after
 * the last keystroke, only for at least USER_SEARCH_MIN_LENGTH characters; a newer term cancels the
 * older request, so the list always belongs to what is typed.
 */
export function useUserSearch(term: string): { results: UserSearchResult[]; loading: boolean; failed: boolean } {
  const [results, setResults] = useState<UserSearchResult[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const trimmed = term.trim();

  useEffect(() => {
    if (trimmed.length < USER_SEARCH_MIN_LENGTH) {
      setResults([]);
      setLoading(false);
      setFailed(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      call(adminRoutes.searchUsers, { term: trimmed }, undefined, { signal: controller.signal })
        .then((found) => {
          setResults(found);
          setFailed(false);
        })
        .catch((err: unknown) => {
          if ((err as Error).name === "AbortError") return;
          setResults([]);
          setFailed(true);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, USER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  return { results, loading, failed };
}
