import { IVR_LINE_KEYS, PROMPT_SPEECH_TAGS, promptLanguageOfId, promptLanguageOfTest, type IvrLines, type Language } from "@parlance/contract";
import { translate } from "../../i18n/catalog.js";

/**
 * What the engine itself says on a call (welcome, hold, how to answer, again, silence, goodbye),
 * in the call's prompt language: the server's i18n (`ivrLines.*` of the web's translation files,
 * i18n/<lang>.json), so every channel says and shows the same words — Twilio's <Say>, the
 * developer phone and the web call in the browser.
 */

/** The call's prompt language: the one the call request chose (140, 104, 106), else the test's own when it is one of those, else English. */
export function promptLanguage(promptLanguageId: number | null | undefined, testLanguageCode: string): Language {
  return promptLanguageOfId(promptLanguageId) ?? promptLanguageOfTest(testLanguageCode);
}

const cache = new Map<Language, IvrLines>();

/** The engine's lines in a prompt language (read once per language). */
export function ivrLinesOf(language: Language): IvrLines {
  let lines = cache.get(language);
  if (!lines) {
    const texts = Object.fromEntries(IVR_LINE_KEYS.map((key) => [key, translate(language, `ivrLines.${key}`)])) as Record<(typeof IVR_LINE_KEYS)[number], string>;
    lines = { prompt_language: language, speech: PROMPT_SPEECH_TAGS[language], ...texts };
    cache.set(language, lines);
  }
  return lines;
}
