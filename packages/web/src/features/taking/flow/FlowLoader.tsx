import { Group, Loader, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { FirstScreenHold } from "../../../ui/firstScreen";

/** The flow's loading state: a calm line, announced to screen readers. */
export function FlowLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" role="status" aria-live="polite" py="xl">
      <Loader size="sm" />
      <Text c="gray.7">{label ?? t("takingFlow.loading")}</Text>
      <FirstScreenHold />
    </Group>
  );
}
