import { Button } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { notifyResult } from "../../../ui/form";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { ApiCallError } from "../../../api/client";
import { scoringCatalogs, useGrantAudio } from "./queries";

/**
 * Spec §4: an evaluator can grant audio access to a question. A recording with limited plays is
 * protected test material: the grant (audited on the server) unlocks it for this evaluator's player.
 */
export function AudioGrant({ testId, itemId, label, onGranted }: { testId: number; itemId: string; label: string; onGranted: () => void }) {
  const { t } = useTranslation();
  const grant = useGrantAudio(testId);
  const errorText = useApiErrorText(scoringCatalogs);
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={grant.isPending}
      aria-label={t("scoring.item.grantNamed", { question: label })}
      onClick={() =>
        grant.mutate(itemId, {
          onSuccess: () => {
            notifyResult(t("scoring.messages.audioGranted"), true);
            onGranted();
          },
          // A refusal the server explains (4xx) is shown as it is; anything else is the spec's message.
          onError: (err) => notifyResult(err instanceof ApiCallError && err.status >= 400 && err.status < 500 ? errorText(err) : t("scoring.messages.grantFailure"), false),
        })
      }
    >
      {t("scoring.item.grant")}
    </Button>
  );
}
