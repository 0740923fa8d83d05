import { Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { useStartup } from "../../../ui/startup";
import { formatTime } from "../../../i18n/format";
import type { AnswerSnapshot, SaveStatus } from "./answerSync";

const COLOURS: Record<SaveStatus, string> = {
  saved: "var(--mantine-color-green-8)",
  saving: "var(--mantine-color-blue-7)",
  offline: "var(--mantine-color-orange-8)",
  error: "var(--mantine-color-red-8)",
};

/** The candidate's own clock, not the organisation's: "saved at" is about now, where they sit. */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Whether the answers are safe, said honestly: saved, saving, offline (kept on this device) or an
 * error. The status sentence is a polite live region so a screen reader hears changes of state;
 * the time of the last save sits outside it so it is not read out at every save.
 */
export function SaveIndicator({ store }: { store: AnswerSnapshot }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const error = store.timeOver
    ? t("taking.answers.timeOver")
    : store.error
      ? `${t(store.persistent ? "taking.answers.error" : "taking.answers.errorInPage")} ${t(store.error.messageKey ?? "", { defaultValue: store.error.message })}`
      : null;
  // Without IndexedDB the answers live in this page alone: "kept on this device" would be untrue.
  const status = store.status === "offline" && !store.persistent ? "offlineInPage" : store.status;
  return (
    <Stack gap={2} data-testid="save-indicator" data-status={store.status}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <span aria-hidden style={{ flex: "none", width: 10, height: 10, marginTop: 6, borderRadius: "50%", background: COLOURS[store.status] }} />
        <Text size="sm" role="status" aria-live="polite" aria-atomic>
          {error ?? t(`taking.answers.${status}`)}
        </Text>
      </Group>
      {store.lastSavedAt && (
        <Text size="xs" c="dimmed">
          {t("taking.answers.lastSaved", { time: formatTime(store.lastSavedAt, language, localZone()) })}
        </Text>
      )}
      {store.pending > 0 && store.status !== "saving" && (
        <Text size="xs" c="dimmed">
          {t("taking.answers.pending", { count: store.pending })}
        </Text>
      )}
      {!store.persistent && (
        <Text size="xs" c="red.8">
          {t("taking.answers.notPersistent")}
        </Text>
      )}
    </Stack>
  );
}
