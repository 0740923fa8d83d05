import { Alert, Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n";
import type { TestShowView } from "@parlance/contract";
import { useStartup } from "../../../ui/startup";
import { formatDateTime } from "../../../i18n/format";
import type { Receipt } from "./stages";
import type { ReceiptCheck } from "../answers";
import { SIGN_OUT_FORM_ID } from "../../../ui/signOut";
import { PhoneCallSection } from "./PhoneCallSection";
import { lazy, Suspense } from "react";
import { withQueryLayer } from "../../../ui/withQueryLayer";

// The test page goes without react-query (issue 26 §3): the upload brings it along with its code.
const DeliveryUploadButton = lazy(withQueryLayer(() => import("../delivery").then((m) => m.DeliveryUploadButton)));

/**
 * The finished stage (spec §2): the recorded-responses text, or for a test that continues by phone
 * the request not to hang up; the receipt of the recorded answers (DESIGN.md §6); and the ways on.
 * A page opened on an already submitted test says so (its receipt was shown when it was submitted),
 * unless its phone part is still to come: then it says not to hang up, and offers a new call.
 */
export function ThankYou({ show, receipt }: { show: TestShowView; receipt: Receipt | null }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const byPhone = show.phoneContinued && (receipt !== null || show.phonePartPending);
  return (
    <Stack gap="lg" maw={760}>
      {byPhone ? (
        <Alert color="orange" variant="light" role="status">
          <Text fw={700} fz="lg">
            {t("takingStages.finished.phone")}
          </Text>
        </Alert>
      ) : receipt ? (
        <Text fz="lg">{t("takingStages.finished.recorded")}</Text>
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text fz="lg">{t("takingStages.finished.alreadySubmitted")}</Text>
          {/* Answers saved to a file while offline (issue 27): the candidate uploads it on reconnecting. */}
          <Suspense fallback={null}>
            <DeliveryUploadButton assignedTestId={show.assignedTestId} test={show.description} />
          </Suspense>
        </Stack>
      )}

      {receipt && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="receipt-title">
          <Stack gap={6}>
            <Title order={2} size="h4" id="receipt-title">
              {t("takingStages.finished.receipt")}
            </Title>
            <Text ff="monospace" fz="sm" style={{ overflowWrap: "anywhere" }} data-testid="receipt">
              {receipt.receipt}
            </Text>
            <Text>{t("takingStages.finished.answered", { answered: receipt.answered, items: receipt.items })}</Text>
            {/* The receipt commits to the whole answer journal: its head and its length (issue 27). */}
            {receipt.journal_head && (
              <Text size="sm" ff="monospace" c="gray.7" style={{ overflowWrap: "anywhere" }} data-testid="journal-head">
                {t("takingStages.finished.journal", { head: receipt.journal_head, events: receipt.journal_events })}
              </Text>
            )}
            {receipt.check && <ReceiptCheckLine check={receipt.check} />}
            <Text size="sm" c="gray.7">
              {t("takingStages.finished.submittedAt", { date: formatDateTime(receipt.submitted_at, language) })}
            </Text>
            <Text size="sm" c="gray.7">
              {t("takingStages.finished.receiptHelp")}
            </Text>
          </Stack>
        </Paper>
      )}

      {byPhone && <PhoneCallSection show={show} where="finished" />}

      <Group gap="lg">
        <Anchor component={Link} to="/testing/tests" fw={600}>
          {t("takingStages.finished.takeAnother")}
        </Anchor>
        {/* Posts the layout's sign-out form: the server answers with the sign-in page. */}
        <Anchor component="button" type="submit" form={SIGN_OUT_FORM_ID} fw={600}>
          {t("takingStages.finished.logout")}
        </Anchor>
      </Group>
    </Stack>
  );
}

/** This browser's own check of the receipt (receiptCheck.ts): agreed, disagreed (loudly), or not possible here. */
function ReceiptCheckLine({ check }: { check: ReceiptCheck }) {
  const { t } = useTranslation();
  if (check.state === "matches")
    return (
      <Text size="sm" c="teal.9" fw={600} data-testid="receipt-check" data-state="matches">
        {t("takingStages.finished.checkMatches")}
      </Text>
    );
  if (check.state === "differs")
    return (
      <Alert color="red" variant="light" role="alert" data-testid="receipt-check" data-state="differs">
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {t("takingStages.finished.checkDiffers", { local: check.local })}
        </Text>
      </Alert>
    );
  return (
    <Text size="sm" c="gray.7" data-testid="receipt-check" data-state="unchecked">
      {t("takingStages.finished.checkUnchecked")}
    </Text>
  );
}
