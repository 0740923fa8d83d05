import { Button, Center, Loader, Stack, Text } from "@mantine/core";
import { useTranslation } from "../i18n";

/** Full-area loading state, or a retry when loading failed. */
export function PageLoader({ failed, onRetry }: { failed?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Center mih={200}>
        <Stack align="center">
          <Text role="alert">{t("common.loadFailed")}</Text>
          {onRetry && <Button onClick={onRetry}>{t("common.retry")}</Button>}
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih={200}>
      <Loader role="status" aria-label={t("common.loading")} />
    </Center>
  );
}
