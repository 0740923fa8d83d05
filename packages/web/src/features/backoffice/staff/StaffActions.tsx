import { Button, Group, Text } from "@mantine/core";
import type { StaffDetail } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { notifyResult } from "../../../ui/form";
import { openConfirm } from "../../../ui/modals";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { StaffStatus } from "./StaffStatus";
import { staffCatalogs, useResendStaffActivation, useSetStaffActive } from "./queries";

/** A staff user's state and what can be done with it: deactivate (after confirming), reactivate, mail the activation link again. */
export function StaffActions({ user }: { user: StaffDetail }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(staffCatalogs);
  const setActive = useSetStaffActive();
  const resend = useResendStaffActivation();
  const may = user.canEdit && !user.isSelf;
  const done = (key: string) => ({ onSuccess: () => notifyResult(t(key), true), onError: (err: Error) => notifyResult(errorText(err), false) });
  const deactivate = () =>
    openConfirm({
      title: t("backofficeStaff.deactivate.title"),
      children: <Text size="sm">{t("backofficeStaff.deactivate.text", { name: user.name })}</Text>,
      labels: { confirm: t("backofficeStaff.deactivate.confirm"), cancel: t("ui.cancel") },
      confirmProps: { color: "red" },
      cancelProps: { "data-autofocus": true },
      closeButtonProps: { "aria-label": t("ui.close") },
      centered: true,
      onConfirm: () => setActive.mutate({ id: user.id, active: false }, done("backofficeStaff.messages.deactivated")),
    });
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <StaffStatus user={user} />
      {may && user.isActive && (
        <Button size="compact-sm" variant="light" color="red" onClick={deactivate} loading={setActive.isPending}>
          {t("backofficeStaff.deactivate.button")}
        </Button>
      )}
      {may && !user.isActive && (
        <Button size="compact-sm" variant="light" onClick={() => setActive.mutate({ id: user.id, active: true }, done("backofficeStaff.messages.reactivated"))} loading={setActive.isPending}>
          {t("backofficeStaff.reactivate")}
        </Button>
      )}
      {user.canEdit && user.isActive && !user.activated && (
        <Button size="compact-sm" variant="light" onClick={() => resend.mutate({ id: user.id }, done("backofficeStaff.messages.activationSent"))} loading={resend.isPending}>
          {t("backofficeAccounts.people.resend")}
        </Button>
      )}
    </Group>
  );
}
