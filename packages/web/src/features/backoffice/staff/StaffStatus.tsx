import { Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";

/** Active, awaiting activation, or deactivated: plain text (coloured badges failed colour contrast). */
export function StaffStatus({ user }: { user: { isActive: boolean; activated: boolean } }) {
  const { t } = useTranslation();
  const label = !user.isActive ? t("backofficeStaff.status.inactive") : !user.activated ? t("backofficeAccounts.people.pending") : t("backofficeStaff.status.active");
  return (
    <Text component="span" size="sm" fw={600}>
      {label}
    </Text>
  );
}
