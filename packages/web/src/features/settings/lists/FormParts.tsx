import { Alert, Anchor, Button, Group, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { Link } from "react-router";
import { PageHeader } from "../../../ui/PageHeader";
import type { Crumb } from "../../../ui/Breadcrumbs";

/**
 * Save and Cancel of a settings list form. Save stays disabled until the required fields are
 * filled in (spec §5), and says so to screen readers.
 */
export function ListFormActions({ saving, cancelTo, complete }: { saving: boolean; cancelTo: string; complete: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" mt="md" align="center">
      <Button type="submit" loading={saving} disabled={!complete} aria-describedby={complete ? undefined : "form-incomplete"}>
        {t("ui.save")}
      </Button>
      <Button component={Link} to={cancelTo} variant="default">
        {t("ui.cancel")}
      </Button>
      {!complete && (
        <Text id="form-incomplete" size="sm" c="gray.7">
          {t("settingsLists.fillRequired")}
        </Text>
      )}
    </Group>
  );
}

/** A record that does not exist, or is outside the caller's reach (the API answers 404 for both). */
export function RecordNotFound({ title, message, backTo, backLabel, crumbs }: { title: string; message: string; backTo: string; backLabel: string; crumbs: Crumb[] }) {
  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs} />
      <Alert color="gray" variant="light" role="status">
        {message}{" "}
        <Anchor component={Link} to={backTo}>
          {backLabel}
        </Anchor>
      </Alert>
    </>
  );
}

/** A field's width for the spec's field size (e.g. 35 characters), never wider than the form. */
export const fieldWidth = (chars: number) => `min(100%, calc(${chars}ch + 2rem))`;
