import { useCallback } from "react";
import { useTranslation } from "../i18n";
import type { TestMethod, TestStatusView } from "@parlance/contract";
import { useStartup } from "./startup";
import { formatDate } from "../i18n/format";

/**
 * The texts of a test's display status (contract history/display-status.ts), translated:
 * history.status.*, history.reason.*, history.score.*, history.notCompleted.*. Shared by the
 * candidate's tests table, the test history and the battery page.
 */
export function useTestStatusText() {
  const { t } = useTranslation();
  const { language } = useStartup();
  return useCallback(
    (view: TestStatusView) => {
      const date = view.date ? formatDate(view.date, language) : "";
      const reason = view.reason ? t(`history.reason.${view.reason}`) : t("history.reason.unknown");
      const status = t(`history.status.${view.status}`, { date, reason });
      const score = !view.score ? "" : view.score.kind === "result" ? view.score.value : t(`history.score.${view.score.text}`);
      const notCompleted = view.notCompleted ? t(`history.notCompleted.${view.notCompleted}`) : "";
      return { status, score, notCompleted };
    },
    [t, language],
  );
}

/** A method's name (Online, Paper, IVR, Live, Video) in the chosen language. */
export function useMethodLabel() {
  const { t } = useTranslation();
  return useCallback((method: TestMethod) => t(`history.method.${method}`), [t]);
}
