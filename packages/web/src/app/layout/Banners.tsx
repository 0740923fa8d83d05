import { lazy, Suspense, useState } from "react";
import { useTranslation } from "../../i18n";
import { useSearchParams } from "react-router";
import { useStartup } from "../../ui/startup";
import { queryMessageText, serverMessageText } from "./messageText";
import type { Banner } from "./BannerList";

// Most screens show no banner: the alerts (Mantine Alert with its close button) are a chunk of
// their own, downloaded when there is one to show.
const BannerList = lazy(() => import("./BannerList"));

/**
 * The notice and error of the startup data and of `?notice=` / `?error=` (set by a server redirect
 * after a form post), as closable alerts above the page.
 */
export function Banners() {
  const { t, i18n } = useTranslation();
  const { startup } = useStartup();
  const [params, setParams] = useSearchParams();
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const exists = (key: string) => i18n.exists(key);
  const tr = (key: string) => t(key);

  const dropParam = (name: string) =>
    setParams(
      (p) => {
        p.delete(name);
        return p;
      },
      { replace: true },
    );

  const banners: Banner[] = [];
  const add = (id: string, kind: Banner["kind"], text: string | null | undefined, onClose: () => void) => {
    if (text && !closed.has(id)) banners.push({ id, kind, text, onClose });
  };
  const close = (id: string) => setClosed((s) => new Set(s).add(id));
  add("startup-error", "error", startup.error && serverMessageText(startup.error, exists, tr), () => close("startup-error"));
  add("startup-notice", "notice", startup.notice && serverMessageText(startup.notice, exists, tr), () => close("startup-notice"));
  add("query-error", "error", queryMessageText(params.get("error"), exists, tr), () => dropParam("error"));
  add("query-notice", "notice", queryMessageText(params.get("notice"), exists, tr), () => dropParam("notice"));
  if (banners.length === 0) return null;

  return (
    <Suspense fallback={null}>
      <BannerList banners={banners} />
    </Suspense>
  );
}
