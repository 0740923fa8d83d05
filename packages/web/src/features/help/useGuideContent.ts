import { useEffect, useState } from "react";
import type { Language } from "@parlance/contract";
import type { GuideContent } from "./guide/content";

/** Each language's guide is its own chunk: a reader downloads only the one they read. */
const LOADERS: Record<Language, () => Promise<{ default: GuideContent }>> = {
  "en-US": () => import("./guide/en-US"),
  "zh-HANS": () => import("./guide/zh-HANS"),
  "zh-HANT": () => import("./guide/zh-HANT"),
};

export type GuideState = { status: "loading" } | { status: "failed" } | { status: "loaded"; content: GuideContent };

/** The guide in the interface language, loaded again when the language changes. */
export function useGuideContent(language: Language): GuideState {
  const [state, setState] = useState<{ language: Language; state: GuideState }>({ language, state: { status: "loading" } });
  useEffect(() => {
    let current = true;
    LOADERS[language]().then(
      (m) => current && setState({ language, state: { status: "loaded", content: m.default } }),
      () => current && setState({ language, state: { status: "failed" } }),
    );
    return () => {
      current = false;
    };
  }, [language]);
  return state.language === language ? state.state : { status: "loading" };
}
