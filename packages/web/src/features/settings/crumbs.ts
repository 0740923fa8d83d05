import { useTranslation } from "../../i18n";
import { useStandardCrumbs, type Crumb } from "../../ui/Breadcrumbs";

export const SETTINGS_PATH = "/testing/settings";

/** Home / Language Testing / Account Settings: the ancestors of every settings screen below it. */
export function useSettingsCrumbs(): Crumb[] {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  return [home, testing, { label: t("settings.title"), to: SETTINGS_PATH }];
}
