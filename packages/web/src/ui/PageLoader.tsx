import { Button, Center, Loader, Stack, Text } from "./plain";
import { useTranslation } from "../i18n";
import { FirstScreenHold } from "./firstScreen";

/** Full-area loading state, or a retry when loading failed. */
export function PageLoader({ failed, onRetry }: { failed?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Center>
        <Stack align="center">
          <Text role="alert">{t("common.loadFailed")}</Text>
          {onRetry && <Button onClick={onRetry}>{t("common.retry")}</Button>}
        </Stack>
      </Center>
    );
  }
  return (
    <Center>
      <Loader label={t("common.loading")} />
      <FirstScreenHold />
    </Center>
  );
}
