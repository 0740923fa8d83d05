import { useMemo, useSyncExternalStore } from "react";
import { DEFAULT_LANGUAGE, type Language } from "@parlance/contract";
import type { StringTier } from "./tiers";
import { addStrings, canonicalLocale, createTranslator, translateWith, type Strings, type TFunction } from "./translate";

export type { TFunction, TOptions } from "./translate";

type Loaders = Record<string, () => Promise<Strings>>;

// Every translation file (<lang>.json, plus parts/<area>.<lang>.json while an area is in progress),
// cut into the tiers of tiers.ts (vite-plugins/string-tiers.ts): each tier of each language is its
// own chunk, downloaded only when the language is shown and a screen needs the tier (issue 12).
const files: Record<StringTier, Loaders> = {
  entry: import.meta.glob<Strings>(["./*.json", "./parts/*.json"], { import: "default", query: "?tier=entry" }),
  account: import.meta.glob<Strings>(["./*.json", "./parts/*.json"], { import: "default", query: "?tier=account" }),
  taking: import.meta.glob<Strings>(["./*.json", "./parts/*.json"], { import: "default", query: "?tier=taking" }),
  flow: import.meta.glob<Strings>(["./*.json", "./parts/*.json"], { import: "default", query: "?tier=flow" }),
  stages: import.meta.glob<Strings>(["./*.json", "./parts/*.json"], { import: "default", query: "?tier=stages" }),
  history: import.meta.glob<Strings>(["./*.json", "./parts/*.json"], { import: "default", query: "?tier=history" }),
  rest: import.meta.glob<Strings>(["./*.json", "./parts/*.json"], { import: "default", query: "?tier=rest" }),
};

// One translator for the app: every language's tiers are added to it as they arrive.
const translator = createTranslator(DEFAULT_LANGUAGE);
/** The tiers some screen has needed so far: a language switched to gets all of them before it shows. */
const wanted = new Set<StringTier>(["entry"]);
const loaded = new Map<string, Promise<void>>();
/** The language shown (initI18n) and the one about to be (loadLanguage). */
let shown: Language = DEFAULT_LANGUAGE;
let coming: Language = DEFAULT_LANGUAGE;

// Screens re-render when the language changes or strings arrive (a banner shown before its tier).
let version = 0;
const listeners = new Set<() => void>();
function changed() {
  version += 1;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function loadTier(language: Language, tier: StringTier): Promise<void> {
  const key = `${language}/${tier}`;
  let pending = loaded.get(key);
  if (!pending) {
    const mine = Object.entries(files[tier]).filter(([path]) => path.includes(`/${language}.json`) || path.includes(`.${language}.json`));
    pending = Promise.all(mine.map(([, load]) => load())).then((parts) => {
      for (const part of parts) addStrings(translator, language, part);
      changed();
    });
    pending.catch(() => loaded.delete(key)); // a failed download may be retried
    loaded.set(key, pending);
  }
  return pending;
}

/** Downloads `language`'s strings of every tier needed so far; resolves when they can be rendered. */
export function loadLanguage(language: Language): Promise<void> {
  coming = language;
  return Promise.all([...wanted].map((tier) => loadTier(language, tier))).then(() => undefined);
}

/** A screen's tiers, in the language shown and the one a switch is about to show. */
export function loadStrings(tiers: readonly StringTier[]): Promise<void> {
  for (const tier of tiers) wanted.add(tier);
  const languages = new Set([coming, shown]);
  return Promise.all([...languages].flatMap((language) => tiers.map((tier) => loadTier(language, tier)))).then(() => undefined);
}

/**
 * A lazily loaded part of a screen that shows string tiers its screen's route does not ask for
 * (app/router.tsx): the part's code and those strings download together. i18n/tiers.unit.test.ts
 * checks the part's code against its screen's tiers and these.
 */
export function withStrings<T>(tiers: readonly StringTier[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadStrings(tiers)]).then(([part]) => part);
}

/** Shows `language`: its strings must have been loaded (loadLanguage) for texts rather than keys. */
export function initI18n(language: Language): void {
  document.documentElement.lang = language === "zh-HANS" ? "zh-Hans" : language === "zh-HANT" ? "zh-Hant" : "en-US";
  if (shown === language) return;
  shown = language;
  // Synchronous: the strings are in the instance already (no backend to wait for).
  translator.changeLanguage(canonicalLocale(language));
  changed();
}

/** The texts of the language shown, outside React (a dialog opened from an event handler). */
export const i18n = {
  get language(): Language {
    return shown;
  },
  t: ((key, options) => translateWith(translator, key, options)) as TFunction,
  exists: (key: string): boolean => translator.exists(key),
};

/** `t` for the language shown; the component re-renders when the language changes or strings arrive. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const current = useSyncExternalStore(subscribe, () => version);
  // A new `t` for each change, so that memos and effects that use it see the new texts.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo<TFunction>(() => (key, options) => i18n.t(key, options), [current]);
  return { t, i18n };
}
