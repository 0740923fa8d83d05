import { useTranslation } from "../../i18n";

/** The four offered US zones by name; another zone is shown by its IANA name. */
const ZONE_KEYS: Record<string, string> = {
  "America/New_York": "eastern",
  "America/Chicago": "central",
  "America/Denver": "mountain",
  "America/Los_Angeles": "pacific",
};

/** A zone as the evaluator's screens name it ("Eastern Time"): one label for the schedule and the decline page. */
export function useZoneLabel(): (zone: string) => string {
  const { t } = useTranslation();
  return (zone: string) => (ZONE_KEYS[zone] ? t(`evaluatorSchedule.zones.${ZONE_KEYS[zone]}`) : zone);
}
