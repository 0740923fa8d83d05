import { Alert, Button, Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "../../i18n";

/** A list loading: placeholder rows, announced once. */
export function ListLoading() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <VisuallyHidden>{t("ui.loading")}</VisuallyHidden>
      <Skeleton height={56} radius="md" />
      <Skeleton height={56} radius="md" />
    </Stack>
  );
}

/** A list that failed to load: the spec's message for it (or the server's), with a retry. */
export function LoadFailed({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={message}>
      <Button variant="white" color="red" size="xs" mt="xs" onClick={onRetry} loading={retrying}>
        {t("ui.retry")}
      </Button>
    </Alert>
  );
}
