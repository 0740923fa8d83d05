import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { authRoutes, DEFAULT_LANGUAGE, parseLanguage, type Language, type Permission, type Startup } from "@parlance/contract";
import { call } from "../api/client";
import { initI18n, loadLanguage } from "../i18n";
import { PageLoader } from "./PageLoader";

interface StartupState {
  startup: Startup;
  language: Language;
  signedIn: boolean;
  can(permission: Permission): boolean;
  /** Switches language now, and remembers it for a signed-in user. */
  setLanguage(language: Language): Promise<void>;
  /** Reloads the startup data and marks every cached answer stale (after sign-in or sign-out). */
  refresh(): Promise<void>;
  /** Reloads the startup data (a setting that changes permissions was saved). */
  reload(): Promise<void>;
}

const StartupContext = createContext<StartupState | null>(null);

const urlLanguage = () => parseLanguage(new URLSearchParams(window.location.search).get("lang"));

/** One retry a second later, as the app's other reads (api/queries.tsx). */
async function withRetry<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return load();
  }
}

/** The startup data with its language's strings ready to render. */
async function loadStartup(override: Language | undefined): Promise<Startup> {
  // The likely language's strings download alongside the startup data; the chosen one is ready before rendering.
  void loadLanguage(override ?? DEFAULT_LANGUAGE).catch(() => undefined);
  const data = await call(authRoutes.startup, { lang: override });
  await loadLanguage(data.language ?? override ?? DEFAULT_LANGUAGE);
  return data;
}

/** The first load, started before the app is drawn (preloadStartup); `data` once it has answered. */
interface FirstLoad {
  load: Promise<Startup>;
  data?: Startup;
}
let first: FirstLoad | undefined;

/**
 * Starts the first startup load before the app renders (main.tsx): with the answer in the page
 * (api/pageReads.ts) it is there at once, and the first render draws the screen, not the loader.
 */
export function preloadStartup(): Promise<unknown> {
  if (!first) {
    const started: FirstLoad = { load: loadStartup(urlLanguage()) };
    started.load.then((data) => void (started.data = data), () => undefined);
    first = started;
  }
  return first.load.catch(() => undefined);
}

/** The first load once, for the provider's first reload (later reloads ask again). */
function takeFirst(): Promise<Startup> | undefined {
  const load = first?.load;
  first = undefined;
  return load;
}

/**
 * Loads /api/startup once (and after sign-in/out); provides language, user flags and permissions.
 * Not through react-query: the sign-in page goes without its chunk (api/queries.tsx).
 */
export function StartupProvider({ children }: { children: ReactNode }) {
  const [override] = useState(urlLanguage);
  // Already answered before the first render (preloadStartup): drawn without the loader.
  const [startup, setStartup] = useState<Startup | undefined>(() => first?.data);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++latest.current; // an older load answering late does not win
    try {
      const early = takeFirst();
      const next = early ? await early.catch(() => withRetry(() => loadStartup(override))) : await withRetry(() => loadStartup(override));
      if (mine === latest.current) {
        setStartup(next);
        setFailed(false);
      }
    } catch {
      // With startup data already shown it stays; without, the loader offers Try again.
      if (mine === latest.current) setFailed(true);
    }
  }, [override]);

  // Not again when the first load had answered before the first render.
  const loadedAtStart = useRef(startup !== undefined);
  useEffect(() => {
    if (loadedAtStart.current) {
      loadedAtStart.current = false;
      takeFirst();
      return;
    }
    void reload();
  }, [reload]);

  const language: Language = startup?.language ?? override ?? "en-US";
  useEffect(() => void initI18n(language), [language]);

  const refresh = useCallback(async () => {
    const { queryClient } = await import("../api/queries");
    await Promise.all([queryClient.invalidateQueries(), reload()]);
  }, [reload]);

  const setLanguage = useCallback(async (next: Language) => {
    await loadLanguage(next); // no flash of keys: the other language's strings first, then the switch
    initI18n(next);
    setStartup((old) => (old ? { ...old, language: next } : old));
    await call(authRoutes.setLanguage, { language: next });
    const url = new URL(window.location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.set("lang", next);
      window.history.replaceState(window.history.state, "", url);
    }
  }, []);

  const value = useMemo<StartupState | null>(() => {
    if (!startup) return null;
    return {
      startup,
      language,
      signedIn: Boolean(startup.userFlags),
      can: (p) => startup.authorized[p] === true,
      setLanguage,
      refresh,
      reload,
    };
  }, [startup, language, setLanguage, refresh, reload]);

  if (!value) {
    initI18n(language);
    return (
      <PageLoader
        failed={failed}
        onRetry={() => {
          setFailed(false);
          void reload();
        }}
      />
    );
  }
  return <StartupContext.Provider value={value}>{children}</StartupContext.Provider>;
}

export function useStartup(): StartupState {
  const state = useContext(StartupContext);
  if (!state) throw new Error("useStartup outside StartupProvider");
  return state;
}
