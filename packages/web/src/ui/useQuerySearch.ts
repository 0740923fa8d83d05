import { useState } from "react";
import { parseSearchQuery } from "@parlance/contract";
import { useSearchState } from "./useSearchState";
import { useSearchQueryErrorText } from "./useSearchQueryErrorText";

/**
 * A search page in the query language: the query and page in the address, and running a query
 * checks it first, showing what is wrong in the reader's language instead of sending it.
 */
export function useQuerySearch() {
  const [query, page, setSearch] = useSearchState();
  const [queryError, setQueryError] = useState<string | null>(null);
  const errorText = useSearchQueryErrorText();

  /** Searches the text from its first page, or shows why it cannot be read. */
  const run = (text: string) => {
    const parsed = parseSearchQuery(text);
    if (!parsed.ok) {
      setQueryError(errorText(parsed));
      return;
    }
    setQueryError(null);
    setSearch(text, 1);
  };

  /** Back to everything, first page. */
  const reset = () => {
    setQueryError(null);
    setSearch("", 1);
  };

  return { query, page, setSearch, run, reset, queryError, clearQueryError: () => setQueryError(null) };
}
