import { Button, Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "@parlance/contract";
import { useStartup } from "../../ui/startup";

function GlobeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
    </svg>
  );
}

/**
 * The interface language. Each option is written in its own language (a reader finds theirs
 * whatever the current language is); the button's name says "Language" in the current one.
 */
export function LanguageSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useStartup();
  const current = t(`languages.native.${language}`);
  return (
    <Menu position="bottom-end" shadow="md" width={170} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
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
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((l) => (
          <Menu.Item
            key={l}
            lang={l === "zh-HANS" ? "zh-Hans" : l === "zh-HANT" ? "zh-Hant" : "en"}
            aria-current={l === language ? "true" : undefined}
            fw={l === language ? 700 : undefined}
            onClick={() => {
              if (l !== language) void setLanguage(l);
            }}
          >
            {t(`languages.native.${l}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
