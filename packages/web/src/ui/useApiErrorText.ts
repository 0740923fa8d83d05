import { useCallback } from "react";
import { useTranslation } from "../i18n";
import { specMessages } from "@parlance/contract";
import { ApiCallError } from "../api/client";

/** Messages of one area with the i18n prefix their keys live under, e.g. {"offices.messages": officeMessages}. */
export type MessageCatalogs = Record<string, Readonly<Record<string, string>>>;

/**
 * The i18n key of a known message. Input errors (400) come from zod without a key, so a message the
 * specs give word for word ("A required field is missing.") is matched by its text.
 */
export function knownMessageKey(message: string, catalogs: MessageCatalogs = {}): string | undefined {
  for (const [prefix, catalog] of Object.entries({ specMessages, ...catalogs })) {
    const found = Object.entries(catalog).find(([, text]) => text === message);
    if (found) return `${prefix}.${found[0]}`;
  }
  return undefined;
}

/**
 * Turns a failed call into text for the screen: t(messageKey, {defaultValue: message}), so a
 * message the app has no translation for still reads as the server wrote it.
 */
export function useApiErrorText(catalogs?: MessageCatalogs): (err: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (err: unknown) => {
      if (!(err instanceof ApiCallError)) return t("specMessages.generic");
      const key = err.messageKey ?? knownMessageKey(err.message, catalogs);
      return key ? t(key, { ...err.messageValues, defaultValue: err.message }) : err.message;
    },
    // Catalogs are module constants; their identity does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
}
