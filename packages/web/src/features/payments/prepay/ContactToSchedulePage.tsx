import { Anchor, Paper, Stack, Text } from "@mantine/core";
import { Link, useParams } from "react-router";
import { CANDIDATE_TESTING_POLICY, POLICY_PATHS, SUPPORT_PHONES } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { usePrepayCrumbs } from "./paths";

/** The two thank-you pages that ask the client to contact the provider to schedule. */
export const CONTACT_KINDS = ["tests", "proctoring"] as const;
type ContactKind = (typeof CONTACT_KINDS)[number];

/**
 * /testing/contact_to_schedule (prepaid tests, after their invoice is paid) and
 * /testing/contact_to_schedule/proctoring (proctoring that the desk books by telephone): thank
 * you, and how to reach the provider to schedule, within the policy's days of payment.
 */
export default function ContactToSchedulePage() {
  const { t } = useTranslation();
  const crumbs = usePrepayCrumbs(false);
  const { kind: raw } = useParams();
  const kind: ContactKind = raw === "proctoring" ? "proctoring" : "tests";
  return (
    <>
      <PageHeader title={t("billing.contact.title")} breadcrumbs={crumbs} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} maw={680}>
        <Stack gap="sm">
          <Text fw={600}>{t(`billing.contact.${kind}.thanks`)}</Text>
          <Text>{t(`billing.contact.${kind}.next`, { phone: SUPPORT_PHONES.testing, days: CANDIDATE_TESTING_POLICY.scheduleWithinDaysOfPayment })}</Text>
          <Text size="sm">
            <Anchor component={Link} to={POLICY_PATHS.payment} underline="always">
              {t("billing.policy.title.payment")}
            </Anchor>
          </Text>
          <Text size="sm">
            <Anchor component={Link} to="/testing" underline="always">
              {t("billing.contact.backHome")}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
