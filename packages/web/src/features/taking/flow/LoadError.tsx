import { Alert, Anchor, Button, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { ApiCallError } from "../../../api/client";

/**
 * The error stage (spec §2 "a failed load shows an error stage"): the spec's message, what the
 * server said when it said something more specific, a retry and the way back to the test list.
 */
export function LoadError({ error, onRetry, retrying }: { error: unknown; onRetry?: () => void; retrying?: boolean }) {
  const { t } = useTranslation();
  const reason = useReason(error);
  return (
    <Alert color="red" variant="light" role="alert" title={t("takingFlow.errors.accessFailure")}>
      {reason && <Text size="sm">{t("takingFlow.errors.reason", { reason })}</Text>}
      <Group gap="sm" mt="sm">
        {onRetry && (
          <Button variant="white" color="red" size="xs" onClick={onRetry} loading={retrying}>
            {t("ui.retry")}
          </Button>
        )}
        <Anchor component={Link} to="/testing/tests" size="sm">
          {t("takingFlow.errors.backToTests")}
        </Anchor>
      </Group>
    </Alert>
  );
}

/** The server's own words behind a failure, unless they only repeat the spec's message. */
export function useReason(error: unknown): string | null {
  const { t } = useTranslation();
  const text = useApiErrorText();
  if (!(error instanceof ApiCallError) || !error.ownMessage) return null;
  const said = text(error);
  return said === t("takingFlow.errors.accessFailure") ? null : said;
}
