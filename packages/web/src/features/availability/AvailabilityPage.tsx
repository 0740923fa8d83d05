import { NativeSelect, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { useSearchParams } from "react-router";
import type { AvailabilityPageData } from "@parlance/contract";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { RemoteData } from "../../ui/RemoteData";
import { IndividualConflicts } from "./IndividualConflicts";
import { WeeklyConflicts } from "./WeeklyConflicts";
import { useAvailabilityPage } from "./queries";

/** The address parameter that keeps a chosen zone across a reload. */
const ZONE_PARAM = "timeZoneId";

/**
 * /account/availability (spec §2): an evaluator's or proctor's Individual Conflicts and Weekly
 * Conflicts. Individual conflicts are shown in the person's time zone, which they may change here;
 * weekly conflicts are always Eastern Time (spec §5).
 */
export default function AvailabilityPage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const page = useAvailabilityPage();
  return (
    <>
      <PageHeader title={t("availability.title")} breadcrumbs={[home]} />
      <Stack gap="xl" maw={880}>
        <Text c="gray.7">{t("availability.intro")}</Text>
        <RemoteData query={page} skeletonRows={2}>
          {(data) => <ZonedSections data={data} />}
        </RemoteData>
        <WeeklyConflicts />
      </Stack>
    </>
  );
}

function ZonedSections({ data }: { data: AvailabilityPageData }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = data.timeZones.find((z) => String(z.id) === params.get(ZONE_PARAM));
  const zone = chosen ?? { id: data.timeZoneId, name: data.timeZoneName, displayAs: data.timeZoneDisplayAs };
  const label = (z: { id: number; displayAs: string }) => t(`availability.zones.${z.id}`, { defaultValue: z.displayAs });
  const choose = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(ZONE_PARAM, id);
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap="xl">
      <Paper withBorder p="md" radius="md">
        <NativeSelect
          label={t("availability.timeZone.label")}
          description={t("availability.timeZone.hint")}
          value={String(zone.id)}
          onChange={(e) => choose(e.currentTarget.value)}
          data={data.timeZones.map((z) => ({ value: String(z.id), label: label(z) }))}
          styles={{ wrapper: { maxWidth: 360 } }}
        />
      </Paper>
      <IndividualConflicts zone={zone.name} zoneLabel={label(zone)} />
    </Stack>
  );
}
