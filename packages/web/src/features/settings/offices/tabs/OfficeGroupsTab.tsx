import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../../ui/RemoteData";
import type { OfficeTabProps } from "./officeTabs";

/**
 * Test groups (test packages) of this office.
 * The list arrives with the client administration issue; until then the tab is an empty list.
 */
export function OfficeGroupsTab(_props: OfficeTabProps) {
  const { t } = useTranslation();
  return <EmptyState message={t("offices.tabEmpty.testGroups")} />;
}
