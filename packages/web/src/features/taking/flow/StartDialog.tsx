import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";

/**
 * The prelude's "Start the test?" dialog. Its own chunk (Prelude.tsx loads it lazily once the
 * prelude is drawn): Mantine's modal with its focus trap, scroll lock and portal is some 16 kB
 * gzipped that the prelude's first screen does not show (issue 26 §3).
 */
export function StartDialog({ opened, minutes, pending, onCancel, onConfirm }: { opened: boolean; minutes: number | null; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={() => !pending && onCancel()} title={t("takingStages.prelude.startTitle")} centered closeButtonProps={{ "aria-label": t("ui.close") }}>
      <Stack gap="md">
        <Text>{minutes === null ? t("takingStages.prelude.startUntimed") : t("takingStages.prelude.startTimed", { count: minutes })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending} data-autofocus>
            {t("ui.cancel")}
          </Button>
          <Button onClick={onConfirm} loading={pending}>
            {t("takingStages.prelude.startConfirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
