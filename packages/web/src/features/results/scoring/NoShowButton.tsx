import { useEffect, useRef } from "react";
import { Button, Text } from "@mantine/core";
import { openConfirm } from "../../../ui/modals";
import { useTranslation } from "../../../i18n";
import { useNavigate } from "react-router";
import { ApiCallError } from "../../../api/client";
import { notifyResult } from "../../../ui/form";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { SCORING_LIST_PATH, scoringEditPath } from "./paths";
import { scoringCatalogs, useNoShow } from "./queries";

/**
 * Marks the test a no-show after a confirmation. Opened at /testing/results/{id}/noshow, the
 * confirmation shows at once; cancelling it returns to the scoring page.
 */
export function NoShowButton({ testId, askNow }: { testId: number; askNow: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const noShow = useNoShow(testId);
  const errorText = useApiErrorText(scoringCatalogs);
  const asked = useRef(false);

  const ask = () =>
    openConfirm({
      title: t("scoring.noShow.title"),
      children: <Text size="sm">{t("scoring.noShow.text")}</Text>,
      labels: { confirm: t("scoring.noShow.confirm"), cancel: t("ui.cancel") },
      confirmProps: { color: "red" },
      cancelProps: { "data-autofocus": true },
      closeButtonProps: { "aria-label": t("ui.close") },
      centered: true,
      onCancel: () => {
        if (askNow) void navigate(scoringEditPath(testId), { replace: true });
      },
      onConfirm: () =>
        noShow.mutate(undefined, {
          onSuccess: (res) => {
            notifyResult(t("scoring.messages.noShowRecorded", { defaultValue: res.message }), true);
            void navigate(SCORING_LIST_PATH);
          },
          onError: (err) => notifyResult(err instanceof ApiCallError && err.status >= 400 && err.status < 500 ? errorText(err) : t("scoring.messages.submitFailure"), false),
        }),
    });

  useEffect(() => {
    if (askNow && !asked.current) {
      asked.current = true;
      ask();
    }
    // Ask once when the page is opened at the no-show path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askNow]);

  return (
    <Button variant="outline" color="red" onClick={ask} loading={noShow.isPending}>
      {t("scoring.noShow.button")}
    </Button>
  );
}
