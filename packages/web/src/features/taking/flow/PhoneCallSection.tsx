import { lazy, Suspense } from "react";
import { Loader, Paper, Stack, Text, Title } from "@mantine/core";
import type { TestShowView } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { withQueryLayer } from "../../../ui/withQueryLayer";

// The phone form (its country list and number plan) downloads only for a test that continues by phone.
const PhoneCallForm = lazy(withQueryLayer(() => import("../../../ui/phone/PhoneCallForm").then((m) => m.PhoneCallForm)));

/**
 * The phone-number entry prompt of a test that continues by phone (spec §2 prelude, §4 phone call):
 * on the prelude, the call is asked for before the online part starts (the call holds while it is
 * taken); on the Thank You, a new call if the first did not come or was cut off.
 */
export function PhoneCallSection({ show, where, onRequested }: { show: TestShowView; where: "prelude" | "finished"; onRequested?: () => void }) {
  const { t } = useTranslation();
  const titleId = `${where}-phone-call`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {t(`takingStages.phoneCall.${where}Title`)}
        </Title>
        {show.phoneCallActive && where === "prelude" && <Text fw={600}>{t("takingStages.phoneCall.active")}</Text>}
        <Suspense fallback={<Loader size="sm" aria-label={t("ui.loading")} />}>
          <PhoneCallForm
            assignedTestId={show.assignedTestId}
            idPrefix={titleId}
            lead={<Text>{t(`takingStages.phoneCall.${where}Lead`)}</Text>}
            onRequested={onRequested}
          />
        </Suspense>
      </Stack>
    </Paper>
  );
}
