import { interpretationMessages, specMessages } from "@parlance/contract";
import { knownMessageKey } from "../../ui/useApiErrorText";
import type { TFunction } from "../../i18n";

export const catalogs = { "interpretation.messages": interpretationMessages };

/**
 * The contract's check of a request, field by field, in the screen's language: the same rules the
 * server applies (zod issues carry the contract's English message; the key finds its translation).
 */
export function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[], t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (!field || out[field]) continue;
    const key = knownMessageKey(issue.message, catalogs);
    out[field] = key ? t(key, { defaultValue: issue.message }) : t("specMessages.requiredFieldMissing", { defaultValue: specMessages.requiredFieldMissing });
  }
  return out;
}
