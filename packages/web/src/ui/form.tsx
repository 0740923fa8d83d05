import { i18next } from "../i18n";
import { Alert, Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Form helpers shared by the settings forms (offices, users, test groups, recipients). */

export const isBlank = (value: string | null | undefined) => !value || value.trim() === "";

/** A save that failed, above the buttons; announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

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
    closeButtonProps: { "aria-label": i18next.t("ui.close") },
  });
}
