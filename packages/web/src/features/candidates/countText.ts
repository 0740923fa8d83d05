import type { CandidateSearchResult, Language } from "@parlance/contract";
import type { TFunction } from "../../i18n";
import { formatNumber } from "../../i18n/format";

/**
 * The heading over the candidates found: "12 candidates", or for a search with more matches than
 * the server counts (itemCountBounded), "More than 1,000 candidates".
 */
export function candidateCountText(t: TFunction, language: Language, result: Pick<CandidateSearchResult, "itemCount" | "itemCountBounded">): string {
  return result.itemCountBounded
    ? t("candidates.countMoreThan", { number: formatNumber(result.itemCount, language) })
    : t("candidates.count", { count: result.itemCount });
}
