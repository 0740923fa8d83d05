import { Badge, Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { availabilityRoutes, DATE_TIME_STYLE, INTL_LOCALE } from "@parlance/contract";
import { useStartup } from "../../ui/startup";
import { ConflictSection } from "./ConflictSection";
import { IndividualConflictForm, individualPayload, individualValues, type IndividualValues } from "./IndividualConflictForm";
import { useConflictChanges, useIndividualConflicts } from "./queries";
import { addDays, wallClockOf } from "./zonedTime";

/**
 * Individual Conflicts (spec §2, §4): one-off unavailable periods, shown and entered in the zone the
 * person picked (a change of zone re-displays them; what is stored is the instant).
 */
export function IndividualConflicts({ zone, zoneLabel }: { zone: string; zoneLabel: string }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const query = useIndividualConflicts();
  const changes = useConflictChanges("individual", { create: availabilityRoutes.specificCreate, update: availabilityRoutes.specificUpdate, remove: availabilityRoutes.specificDelete });

  // The shared date-time style; a range on one day names the day once ("Mar 10, 2026, 9:00 AM – 12:00 PM").
  const range = (c: { from: string; to: string }) =>
    new Intl.DateTimeFormat(INTL_LOCALE[language], { ...DATE_TIME_STYLE, timeZone: zone }).formatRange(new Date(c.from), new Date(c.to));
  const kind = (partial: boolean) => t(partial ? "availability.individual.partialShort" : "availability.individual.notAvailable");
  // A new conflict starts as tomorrow's working day in the shown zone (spec §3 gives no default).
  const tomorrow = addDays(wallClockOf(new Date(), zone).date, 1);
  const fresh: IndividualValues = { from: { date: tomorrow, time: "08:00:00" }, to: { date: tomorrow, time: "18:00:00" }, partial: false };

  return (
    <ConflictSection
      kind="individual"
      hint={t("availability.individual.hint", { zone: zoneLabel })}
      query={query}
      items={(data) => data.specific_unavailabilities}
      changes={changes}
      fresh={fresh}
      valuesOf={(c) => individualValues(c, zone)}
      payload={(v) => individualPayload(v, zone)}
      describe={(c) => `${range(c)} (${kind(c.partial)})`}
      editTitle={(c) => t("availability.individual.editTitle", { conflict: range(c) })}
      // A change of zone while editing starts the fields again in the new zone.
      formKey={(c) => `${c.id}-${zone}`}
      renderForm={(props) => <IndividualConflictForm {...props} zoneLabel={zoneLabel} />}
    >
      {(c) => (
        <>
          <Text fw={500}>{range(c)}</Text>
          <div>
            {/* Dark text on a light tint: readable (WCAG AA) in both kinds. */}
            <Badge variant="light" color={c.partial ? "indigo" : "red"} c={c.partial ? "indigo.9" : "red.9"} radius="sm">
              {kind(c.partial)}
            </Badge>
          </div>
        </>
      )}
    </ConflictSection>
  );
}
