import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { i18n, useTranslation } from "../i18n";
import { Link } from "react-router";

/** Form helpers shared by the settings forms (offices, users, test groups, recipients). */

export const isBlank = (value: string | null | undefined) => !value || value.trim() === "";

/** Save (submits the form) and Cancel (a link back). */
export function FormActions({ saving, cancelTo, saveLabel }: { saving: boolean; cancelTo: string; saveLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" mt="md">
      <Button type="submit" loading={saving}>
        {saveLabel ?? t("ui.save")}
      </Button>
      <Button component={Link} to={cancelTo} variant="default">
        {t("ui.cancel")}
      </Button>
    </Group>
  );
}

/** The outcome of a save or delete, as a toast that screen readers announce. */
export function notifyResult(message: string, ok: boolean) {
  notifications.show({
    message,
    color: ok ? "green" : "red",
    withBorder: true,
    autoClose: ok ? 4000 : 8000,
    closeButtonProps: { "aria-label": i18n.t("ui.close") },
  });
}
