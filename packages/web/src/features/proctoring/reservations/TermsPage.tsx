import { useState } from "react";
import { Alert, Anchor, Button, List, Stack, Text } from "@mantine/core";
import { Link, useNavigate, useSearchParams } from "react-router";
import { BUSINESS_TIME_ZONE, PROCTORING_RATES, PROCTORING_SHORT_NOTICE_CENTS } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { RemoteData } from "../../../ui/RemoteData";
import { useStartup } from "../../../ui/startup";
import { formatDate, formatMoney } from "../../../i18n/format";
import { notifyResult } from "../../../ui/form";
import { safeReturn, useAcceptTerms, useFailureText, useTerms } from "./queries";

/**
 * The proctoring terms of service (client-administration.md §2, §4): read and Accept, once; when
 * already accepted the page says so and links back to tests. `?return=` is where to go on.
 */
export default function TermsPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const { can, language } = useStartup();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const failureText = useFailureText();
  const terms = useTerms();
  const accept = useAcceptTerms();
  const [error, setError] = useState<string | null>(null);
  const testsPath = can("tests") ? "/testing/tests" : "/testing/candidates";
  const next = safeReturn(params.get("return"), testsPath);
  const m = (cents: number) => formatMoney(cents, language);

  const onAccept = () => {
    setError(null);
    accept.mutate(undefined, {
      onSuccess: (r) => {
        notifyResult(t(r.messageKey), true);
        if (params.get("return")) navigate(next, { replace: true });
      },
      onError: (e) => setError(failureText(e)),
    });
  };

  return (
    <>
      <PageHeader title={t("proctorReservation.terms.title")} breadcrumbs={[home, testing]} />
      <RemoteData query={terms} skeletonRows={4}>
        {(data) =>
          data.accepted ? (
            <Stack gap="md" maw={720}>
              <Text>{t("proctorReservation.terms.already", { date: formatDate(data.acceptedAt!, language, BUSINESS_TIME_ZONE) })}</Text>
              <Anchor component={Link} to={next}>
                {t("proctorReservation.terms.backToTests")}
              </Anchor>
            </Stack>
          ) : (
            <Stack gap="md" maw={720}>
              <Text>{t("proctorReservation.terms.intro")}</Text>
              <List spacing="xs">
                <List.Item>{t("proctorReservation.terms.rates", { r30: m(PROCTORING_RATES[0].cents), r60: m(PROCTORING_RATES[1].cents), r120: m(PROCTORING_RATES[2].cents) })}</List.Item>
                <List.Item>{t("proctorReservation.terms.shortNotice", { extra: m(PROCTORING_SHORT_NOTICE_CENTS) })}</List.Item>
                <List.Item>{t("proctorReservation.terms.cancellation")}</List.Item>
                <List.Item>{t("proctorReservation.terms.policyReading")}</List.Item>
                <List.Item>{t("proctorReservation.terms.contact")}</List.Item>
                <List.Item>{t("proctorReservation.terms.conduct")}</List.Item>
              </List>
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <div>
                <Button onClick={onAccept} disabled={accept.isPending}>
                  {t("proctorReservation.terms.accept")}
                </Button>
              </div>
            </Stack>
          )
        }
      </RemoteData>
    </>
  );
}
