import { useTranslation } from "../../i18n";
import { useStartup } from "../../ui/startup";
import { availablePaths } from "../../ui/availablePaths";
import { visibleLinks } from "../../ui/links";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { OfficesSection } from "./offices/OfficesSection";
import { OFFICES_ANCHOR, SETTINGS_CARDS } from "./settingsCards";
import { LinkCards } from "../../ui/LinkCards";

/** /testing/settings: cards to each settings area, then the offices list (spec §2). */
export default function SettingsHomePage() {
  const { t } = useTranslation();
  const { can, signedIn } = useStartup();
  const { home, testing } = useStandardCrumbs();
  const available = new Set([...availablePaths, OFFICES_ANCHOR]);
  const cards = visibleLinks(SETTINGS_CARDS, { can, signedIn, available });

  return (
    <>
      <PageHeader title={t("settings.title")} breadcrumbs={[home, testing]} />
      <LinkCards
        label={t("settings.cardsLabel")}
        items={cards.map((c) => ({ to: c.to, label: t(c.labelKey), description: t(c.descriptionKey) }))}
      />
      {can("offices") && <OfficesSection />}
    </>
  );
}
