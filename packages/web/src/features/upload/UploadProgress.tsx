import { Progress, Stack, Text } from "@mantine/core";
import { ApiCallError } from "../../api/client";
import { useTranslation } from "../../i18n";
import type { Progress as Step } from "./transport";

/** The progress bar of a running upload or import: which step, and how far (announced politely). */
export function UploadProgress({ progress }: { progress: Step | null }) {
  const { t } = useTranslation();
  if (!progress) return null;
  const value = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const label =
    progress.phase === "uploading"
      ? t("upload.progress.uploading", { percent: value })
      : progress.phase === "reading"
        ? t("upload.progress.reading")
        : t(`upload.progress.${progress.phase}`, { done: progress.done, total: progress.total });
  return (
    <Stack gap={4}>
      <Text size="sm" role="status" aria-live="polite">
        {label}
      </Text>
      <Progress value={progress.phase === "reading" ? 100 : value} animated={progress.phase === "reading"} aria-label={label} size="lg" />
    </Stack>
  );
}

/**
 * The text of a refusal: its translation when the server named it, else the server's message. An
 * answer without words of its own says what the upload screens always said: no answer, a file too
 * large for the proxy (413), the server busy with other files (503 + Retry-After).
 */
export function useUploadErrorText() {
  const { t, i18n } = useTranslation();
  return (err: unknown): string => {
    if (err instanceof ApiCallError && !err.ownMessage) {
      if (err.status === 0) return t("errors.network");
      if (err.status === 413) return t("upload.messages.tooLarge");
      if (err.status === 503 && err.retryAfterMs !== undefined) return t("upload.messages.busy");
    }
    const e = err as { message?: string; messageKey?: string };
    if (e.messageKey && i18n.exists(e.messageKey)) return t(e.messageKey);
    if (e.message) return e.message;
    return t("errors.generic");
  };
}
