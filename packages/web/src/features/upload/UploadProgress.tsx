import { Progress, Stack, Text } from "@mantine/core";
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

/** The text of a refusal: its translation when the server named it, else the server's message. */
export function useUploadErrorText() {
  const { t, i18n } = useTranslation();
  return (err: unknown): string => {
    const e = err as { status?: number; message?: string; messageKey?: string };
    if (e.messageKey && i18n.exists(e.messageKey)) return t(e.messageKey);
    if (e.status === 413) return t("upload.messages.tooLarge");
    if (e.message) return e.message;
    return t("errors.generic");
  };
}
