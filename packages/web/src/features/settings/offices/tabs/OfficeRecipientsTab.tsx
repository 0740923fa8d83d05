import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../../ui/RemoteData";
import type { OfficeTabProps } from "./officeTabs";

/**
 * Result recipients of this office.
 * The list arrives with the client administration issue; until then the tab is an empty list.
 */
export function OfficeRecipientsTab(_props: OfficeTabProps) {
  const { t } = useTranslation();
  return <EmptyState message={t("offices.tabEmpty.resultRecipients")} />;
}
