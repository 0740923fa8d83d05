import { useTranslation } from "../../i18n";
import { useStartup } from "../../ui/startup";
import { DeferredMenu } from "./DeferredMenu";
import { Button } from "../../ui/plain";

function GlobeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
    </svg>
  );
}

/**
 * The interface language: a menu of the three (HeaderMenus.tsx LanguageMenu). The button's name says
 * "Language" in the current language.
 */
export function LanguageSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const current = t(`languages.native.${language}`);
  const button = (
    <Button
      variant="default"
      size="xs"
      leftSection={<GlobeIcon />}
      fullWidth={fullWidth}
      justify={fullWidth ? "flex-start" : undefined}
      aria-label={t("shell.languageButton", { language: current })}
    >
      {current}
    </Button>
  );
  return <DeferredMenu button={button} menu={(m, options) => <m.LanguageMenu {...options} />} />;
}
