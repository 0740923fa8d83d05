import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
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
  /** Reloads the startup data (after sign-in or sign-out). */
  refresh(): Promise<void>;
}

const StartupContext = createContext<StartupState | null>(null);

const urlLanguage = () => parseLanguage(new URLSearchParams(window.location.search).get("lang"));

/** Loads /api/startup once (and after sign-in/out); provides language, user flags and permissions. */
export function StartupProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [override] = useState(urlLanguage);
  const query = useQuery({
    queryKey: ["startup"],
    queryFn: async () => {
      // The likely language's strings download alongside the startup data; the chosen one is ready before rendering.
      void loadLanguage(override ?? DEFAULT_LANGUAGE).catch(() => undefined);
      const startup = await call(authRoutes.startup, { lang: override });
      await loadLanguage(startup.language ?? override ?? DEFAULT_LANGUAGE);
      return startup;
    },
    staleTime: Infinity,
  });
  const language: Language = query.data?.language ?? override ?? "en-US";
  useEffect(() => void initI18n(language), [language]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries();
    await queryClient.refetchQueries({ queryKey: ["startup"] });
  }, [queryClient]);

  const setLanguage = useCallback(
    async (next: Language) => {
      await loadLanguage(next); // no flash of keys: the other language's strings first, then the switch
      initI18n(next);
      queryClient.setQueryData<Startup>(["startup"], (old) => (old ? { ...old, language: next } : old));
      await call(authRoutes.setLanguage, { language: next });
      const url = new URL(window.location.href);
      if (url.searchParams.has("lang")) {
        url.searchParams.set("lang", next);
        window.history.replaceState(window.history.state, "", url);
      }
    },
    [queryClient],
  );

  const value = useMemo<StartupState | null>(() => {
    if (!query.data) return null;
    const startup = query.data;
    return {
      startup,
      language,
      signedIn: Boolean(startup.userFlags),
      can: (p) => startup.authorized[p] === true,
      setLanguage,
      refresh,
    };
  }, [query.data, language, setLanguage, refresh]);

  if (!value) {
    initI18n(language);
    return <PageLoader failed={query.isError} onRetry={() => void query.refetch()} />;
  }
  return <StartupContext.Provider value={value}>{children}</StartupContext.Provider>;
}

export function useStartup(): StartupState {
  const state = useContext(StartupContext);
  if (!state) throw new Error("useStartup outside StartupProvider");
  return state;
}
