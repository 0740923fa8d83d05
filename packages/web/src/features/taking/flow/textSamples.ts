/**
 * Text samples of the capability check (spec §2): the test's language when we have a sentence for
 * it, and always English, right-to-left Arabic and both Chinese scripts, so missing fonts or a
 * broken text direction show up before the test, not during it.
 */
export interface TextSample {
  /** i18n key of the sample's label, or the test language's name. */
  labelKey: string;
  text: string;
  lang: string;
  dir: "ltr" | "rtl";
}

/** A sentence in the languages of the catalogue, by the catalogue's English language name. */
const BY_LANGUAGE: Record<string, { text: string; lang: string; dir: "ltr" | "rtl" }> = {
  spanish: { text: "El veloz murciélago hindú comía feliz cardillo y kiwi.", lang: "es", dir: "ltr" },
  french: { text: "Portez ce vieux whisky au juge blond qui fume.", lang: "fr", dir: "ltr" },
  german: { text: "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich.", lang: "de", dir: "ltr" },
  portuguese: { text: "Vovô viu a uva, e a avó ficou contente: ação, coração, pão, você.", lang: "pt", dir: "ltr" },
  vietnamese: { text: "Tiếng Việt có dấu: ắ, ầ, ẩ, ẫ, ậ, ế, ộ, ữ.", lang: "vi", dir: "ltr" },
  russian: { text: "Съешь же ещё этих мягких французских булок, да выпей чаю.", lang: "ru", dir: "ltr" },
  korean: { text: "다람쥐 헌 쳇바퀴에 타고파.", lang: "ko", dir: "ltr" },
  japanese: { text: "いろはにほへと ちりぬるを", lang: "ja", dir: "ltr" },
  hebrew: { text: "דג סקרן שט בים מאוכזב ולפתע מצא חברה.", lang: "he", dir: "rtl" },
  persian: { text: "به زبان فارسی خوش آمدید.", lang: "fa", dir: "rtl" },
  urdu: { text: "اردو زبان میں خوش آمدید۔", lang: "ur", dir: "rtl" },
};

const FIXED: TextSample[] = [
  { labelKey: "takingStages.capability.english", text: "The quick brown fox jumps over the lazy dog.", lang: "en", dir: "ltr" },
  { labelKey: "takingStages.capability.arabic", text: "نص حكيم له سر قاطع وذو شأن عظيم مكتوب على ثوب أخضر.", lang: "ar", dir: "rtl" },
  { labelKey: "takingStages.capability.chineseSimplified", text: "欢迎参加语言测试。请仔细阅读每一道题。", lang: "zh-Hans", dir: "ltr" },
  { labelKey: "takingStages.capability.chineseTraditional", text: "歡迎參加語言測驗。請仔細閱讀每一道題。", lang: "zh-Hant", dir: "ltr" },
];

/** The samples for a test in `language` (the catalogue's name, e.g. "Spanish"). */
export function textSamples(language: string): TextSample[] {
  const own = BY_LANGUAGE[language.trim().toLowerCase()];
  return own ? [{ labelKey: language, ...own }, ...FIXED] : FIXED;
}
