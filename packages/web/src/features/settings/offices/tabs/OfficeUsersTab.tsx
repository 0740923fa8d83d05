import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../../ui/RemoteData";
import type { OfficeTabProps } from "./officeTabs";

/**
 * Testing users of this office, with add, edit and delete. The list arrives with the client
 * administration issue; until then the tab says how many there are, so it never contradicts the
 * Users count above it.
 */
export function OfficeUsersTab({ office }: OfficeTabProps) {
  const { t } = useTranslation();
  const message = office.users === 0 ? t("offices.tabEmpty.users") : t("offices.tabEmpty.usersCount", { count: office.users });
  return <EmptyState message={message} />;
}
