import type { ReactNode } from "react";
import { Button, Group, Paper, Stack } from "@mantine/core";
import { useTranslation } from "../../i18n";

/**
 * One conflict in view mode: what it is, and Edit and Delete. The buttons' names say which conflict
 * they act on (screen readers list many "Edit" buttons otherwise) and start with the visible word.
 */
export function ConflictItem({
  children,
  description,
  editId,
  onEdit,
  onDelete,
  deleting,
}: {
  children: ReactNode;
  /** The conflict in words, for the buttons' names. */
  description: string;
  /** Element id of the Edit button, so focus can return to it after editing. */
  editId: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: "1 1 16rem" }}>
          {children}
        </Stack>
        <Group gap="xs">
          <Button id={editId} size="xs" variant="default" onClick={onEdit} aria-label={t("availability.editLabel", { conflict: description })}>
            {t("ui.edit")}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={onDelete} loading={deleting} aria-label={t("availability.deleteLabel", { conflict: description })}>
            {t("ui.delete")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
