import { useCallback } from "react";
import { useTranslation } from "../i18n";
import type { SearchQueryError } from "@parlance/contract";

/** A refused search query in the reader's language (search.messages.<key> with the query's values). */
export function useSearchQueryErrorText(): (error: SearchQueryError) => string {
  const { t } = useTranslation();
  return useCallback((error) => t(`search.messages.${error.key}`, { ...error.params, defaultValue: error.message }), [t]);
}
