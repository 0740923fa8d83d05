import { Anchor, List, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { CANCELLATION_CUTOFFS, CANDIDATE_TESTING_POLICY, POLICY_PATHS, SUPPORT_PHONES, type PolicyVariant } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatClockTime } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { useStartup } from "../../../ui/startup";

/** An Eastern wall-clock hour as the screens write times (5:00 PM, 下午5:00): a January day, so EST (UTC−5). */
function easternHour(hour: number, language: Parameters<typeof formatClockTime>[1]): string {
  return formatClockTime(new Date(Date.UTC(2026, 0, 15, hour + 5)), language, "America/New_York");
}

/**
 * The candidate testing policy (client-administration.md §9), in two variants: the policy page
 * (/testing/policy: the proctoring cut-off 5 pm ET the day before) and the payment policy page
 * (/testing/payment/policy: 6 pm ET the business day before). Both state the other reading too.
 * Every number comes from CANDIDATE_TESTING_POLICY and CANCELLATION_CUTOFFS.
 */
export function PolicyPage({ variant }: { variant: PolicyVariant }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const { home } = useStandardCrumbs();
  const p = CANDIDATE_TESTING_POLICY;
  const cutoff = (v: PolicyVariant) => t(`billing.policy.cutoff.${CANCELLATION_CUTOFFS[v].dayBefore}`, { time: easternHour(CANCELLATION_CUTOFFS[v].hour, language) });
  const other: PolicyVariant = variant === "policy" ? "payment" : "policy";
  return (
    <>
      <PageHeader title={t(`billing.policy.title.${variant}`)} breadcrumbs={[home]} />
      <Stack gap="lg" maw={760}>
        <Text>{t(`billing.policy.intro.${variant}`)}</Text>
        <Paper withBorder p={{ base: "md", sm: "lg" }}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t("billing.policy.testingTitle")}
            </Title>
            <List spacing="xs">
              <List.Item>{t("billing.policy.schedule", { days: p.scheduleWithinDaysOfPayment })}</List.Item>
              <List.Item>{t("billing.policy.refund", { days: p.refundWithinDays })}</List.Item>
              <List.Item>{t("billing.policy.late", { minutes: p.lateGraceMinutes })}</List.Item>
              <List.Item>{t("billing.policy.dispute", { days: p.disputeWithinBusinessDays })}</List.Item>
              <List.Item>{t("billing.policy.retake", { months: p.sampleTestRetakeWaitMonths })}</List.Item>
            </List>
          </Stack>
        </Paper>
        <Paper withBorder p={{ base: "md", sm: "lg" }}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t("billing.policy.cancellationTitle")}
            </Title>
            <Text data-testid="cancellation-cutoff">{t("billing.policy.cancellation", { cutoff: cutoff(variant) })}</Text>
            <Text fw={600}>{t("billing.policy.sameDay")}</Text>
            <Text size="sm" c="gray.7">
              {t(`billing.policy.otherReading.${other}`, { cutoff: cutoff(other) })}{" "}
              <Anchor component={Link} to={POLICY_PATHS[other]} underline="always">
                {t(`billing.policy.title.${other}`)}
              </Anchor>
            </Text>
          </Stack>
        </Paper>
        <Text>{t("billing.policy.contact", { phone: SUPPORT_PHONES.testing })}</Text>
      </Stack>
    </>
  );
}

export default function CandidateTestingPolicyPage() {
  return <PolicyPage variant="policy" />;
}
