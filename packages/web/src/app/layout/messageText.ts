/** Looks like an i18n key ("messages.invalidCredentials"), not a sentence. */
export function looksLikeKey(value: string): boolean {
  return /^[A-Za-z][\w-]*(\.[\w-]+)+$/.test(value);
}

/**
 * Text of a notice or error the server put in the startup data: a known key is translated, any
 * other text is shown as the server wrote it.
 */
export function serverMessageText(value: string, exists: (key: string) => boolean, t: (key: string) => string): string {
  return looksLikeKey(value) && exists(value) ? t(value) : value;
}

/**
 * Text of a `?notice=` / `?error=` query parameter. Anyone can craft a link, so only messages the
 * app knows (translation keys) are shown; free text in a URL would let a stranger write on our page.
 */
export function queryMessageText(value: string | null, exists: (key: string) => boolean, t: (key: string) => string): string | null {
  if (!value || !looksLikeKey(value) || !exists(value)) return null;
  return t(value);
}
