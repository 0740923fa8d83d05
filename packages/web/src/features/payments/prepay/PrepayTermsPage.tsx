import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { CANDIDATE_TESTING_POLICY, POLICY_PATHS, prepayMessages } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatDateTime } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { useStartup } from "../../../ui/startup";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { PREPAY_PATH, usePrepayCrumbs } from "./paths";
import { useAcceptPrepayTerms, usePrepay } from "./queries";

const catalogs = { "billing.prepay.messages": prepayMessages };

/**
 * /testing/prepay/terms: the prepay terms of service. Accept posts an acceptance (remembered for the
 * account, audited); once accepted the page says so, by whom and when, and leads on to the order.
 */
export default function PrepayTermsPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const crumbs = usePrepayCrumbs();
  const navigate = useNavigate();
  const errorText = useApiErrorText(catalogs);
  const query = usePrepay();
  const [agreed, setAgreed] = useState(false);
  const accept = useAcceptPrepayTerms(() => void navigate(PREPAY_PATH));
  const p = CANDIDATE_TESTING_POLICY;
  return (
    <>
      <PageHeader title={t("billing.prepay.termsTitle")} breadcrumbs={crumbs} />
      <RemoteData query={query}>
        {(data) => (
          <Stack gap="lg" maw={760}>
            {!data.prepay && (
              <Alert color="yellow" variant="light" role="status">
                {t("billing.prepay.messages.notPrepay")}
              </Alert>
            )}
            <Paper withBorder p={{ base: "md", sm: "lg" }}>
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  {t("billing.prepay.termsHeading")}
                </Title>
                <Text>{t("billing.prepay.terms.advance")}</Text>
                <Text>{t("billing.prepay.terms.invoice")}</Text>
                <Text>{t("billing.prepay.terms.schedule", { days: p.scheduleWithinDaysOfPayment })}</Text>
                <Text>{t("billing.prepay.terms.refund", { days: p.refundWithinDays })}</Text>
                <Text>{t("billing.prepay.terms.sameDay")}</Text>
                <Text>
                  {t("billing.prepay.terms.policy")}{" "}
                  <Anchor component={Link} to={POLICY_PATHS.payment} underline="always">
                    {t("billing.policy.title.payment")}
                  </Anchor>
                </Text>
                <Text size="sm" c="gray.7">
                  {t("billing.prepay.terms.version", { version: data.termsVersion })}
                </Text>
              </Stack>
            </Paper>
            {data.accepted ? (
              <Alert color="green" variant="light" role="status">
                <Stack gap="xs">
                  <Text fw={600}>{t("billing.prepay.acceptedTitle")}</Text>
                  <Text size="sm">{t("billing.prepay.acceptedBy", { name: data.acceptedBy ?? "", date: formatDateTime(data.acceptedAt ?? "", language) })}</Text>
                  <Anchor component={Link} to={PREPAY_PATH} underline="always">
                    {t("billing.prepay.continue")}
                  </Anchor>
                </Stack>
              </Alert>
            ) : (
              data.prepay && (
                <Stack gap="sm">
                  <Checkbox label={t("billing.prepay.agree")} checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} />
                  {accept.isError && (
                    <Alert color="red" variant="light" role="alert">
                      {errorText(accept.error)}
                    </Alert>
                  )}
                  <Group>
                    <Button onClick={() => accept.mutate()} disabled={!agreed} loading={accept.isPending}>
                      {t("billing.prepay.accept")}
                    </Button>
                  </Group>
                </Stack>
              )
            )}
          </Stack>
        )}
      </RemoteData>
    </>
  );
}
