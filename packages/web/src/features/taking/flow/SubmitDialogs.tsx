import { Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { joinNumbers, warningMessage, type UnansweredWarning } from "./warnings";

/** The unanswered-items warning (spec §5), then its continue prompt. Escape or Go back returns to the test. */
export function UnansweredDialog({ warnings, onBack, onContinue }: { warnings: UnansweredWarning[] | null; onBack: () => void; onContinue: () => void }) {
  const { t } = useTranslation();
  const join = (numbers: number[]) => joinNumbers(numbers, t("takingFlow.warnings.separator"), t("takingFlow.warnings.lastSeparator"));
  return (
    <Modal opened={warnings !== null} onClose={onBack} title={t("takingFlow.warnings.title")} centered closeButtonProps={{ "aria-label": t("ui.close") }}>
      <Stack gap="md">
        <List spacing="xs">
          {(warnings ?? []).map((w) => {
            const { key, values } = warningMessage(w, join);
            return <List.Item key={key + String(values.limit ?? "")}>{t(key, values)}</List.Item>;
          })}
        </List>
        <Text fw={500}>{t("takingFlow.warnings.continuePrompt")}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack} data-autofocus>
            {t("takingFlow.warnings.goBack")}
          </Button>
          <Button onClick={onContinue}>{t("takingFlow.warnings.continue")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The submit confirmation: the last step before submit_test. Cancel has the focus. */
export function ConfirmSubmitDialog({ opened, submitting, onCancel, onConfirm }: { opened: boolean; submitting: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={() => !submitting && onCancel()} title={t("takingFlow.submit.title")} centered closeButtonProps={{ "aria-label": t("ui.close") }}>
      <Stack gap="md">
        <Text>{t("takingFlow.submit.body")}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting} data-autofocus>
            {t("ui.cancel")}
          </Button>
          <Button onClick={onConfirm} loading={submitting}>
            {t("takingFlow.submit.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Spec §4: the warning when 300 seconds remain. */
export function FiveMinutesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("takingFlow.fiveMinutes.title")} centered closeButtonProps={{ "aria-label": t("ui.close") }}>
      <Stack gap="md">
        <Text>{t("takingFlow.fiveMinutes.body")}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t("ui.ok")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
