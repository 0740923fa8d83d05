import { useTranslation } from "../../i18n";
import { useStartup } from "../../ui/startup";
import { useOffered } from "../../ui/screens";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { OfficesSection } from "./offices/OfficesSection";
import { OFFICES_ANCHOR } from "./settingsCards";
import { LinkCards } from "../../ui/LinkCards";

/** /testing/settings: cards to each settings area, then the offices list (spec §2). */
export default function SettingsHomePage() {
  const { t } = useTranslation();
  const { can } = useStartup();
  const { home, testing } = useStandardCrumbs();
  // The offices list is on this page (its card jumps to it); the other cards are the screens of ui/screens.ts offered here.
  const cards = [...(can("offices") ? [{ to: OFFICES_ANCHOR, name: "offices" }] : []), ...useOffered("settings")];

  return (
    <>
      <PageHeader title={t("settings.title")} breadcrumbs={[home, testing]} />
      <LinkCards
        label={t("settings.cardsLabel")}
        items={cards.map((c) => ({ to: c.to, label: t(`settings.cards.${c.name}`), description: t(`settings.cards.${c.name}Text`) }))}
      />
      {can("offices") && <OfficesSection />}
    </>
  );
}
