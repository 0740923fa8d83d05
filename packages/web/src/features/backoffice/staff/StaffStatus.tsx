import { Badge } from "@mantine/core";
import { useTranslation } from "../../../i18n";

/** Active, awaiting activation, or deactivated: as an outlined badge (dark text: contrast). */
export function StaffStatus({ user }: { user: { isActive: boolean; activated: boolean } }) {
  const { t } = useTranslation();
  if (!user.isActive) return <Badge variant="outline" color="gray.8">{t("backofficeStaff.status.inactive")}</Badge>;
  if (!user.activated) return <Badge variant="outline" color="orange.9">{t("backofficeAccounts.people.pending")}</Badge>;
  return <Badge variant="outline" color="blue.9">{t("backofficeStaff.status.active")}</Badge>;
}
