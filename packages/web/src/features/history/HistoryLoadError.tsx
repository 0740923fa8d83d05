import { Alert, Button } from "@mantine/core";
import { useTranslation } from "../../i18n";

/** 'An error occurred while loading test history.' (spec §8), or the server's reason, with a retry. */
export function HistoryLoadError({ message, onRetry, retrying }: { message?: string; onRetry?: () => void; retrying?: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={message ?? t("history.messages.loadFailure")}>
      {onRetry && (
        <Button variant="white" color="red" size="xs" mt="xs" onClick={onRetry} loading={retrying}>
          {t("ui.retry")}
        </Button>
      )}
    </Alert>
  );
}
