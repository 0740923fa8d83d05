import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { DECLINE_CUTOFF_HOURS, type ConfirmationStatus, type ScheduledTestPage as PageData } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { formatClockTime, formatDate } from "../../i18n/format";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { useStartup } from "../../ui/startup";
import { RemoteData } from "../../ui/RemoteData";
import { StatusTag } from "../../ui/StatusTag";
import { FormError } from "../../ui/FormError";
import { notifyResult } from "../../ui/form";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { useMethodLabel } from "../../ui/testStatus";
import { actionCatalogs, useConfirmTest, useDeclineTest, useOtherEvaluators, useScheduledTest } from "./queries";

const STATUS_TONE: Record<ConfirmationStatus, "good" | "note" | "neutral"> = { unconfirmed: "note", confirmed: "good", declined: "neutral" };

/** The test id of /testing/evaluators/confirmation_status/{id} or /testing/evaluators/confirm?id={id}. */
function useTestId(): number {
  const { id } = useParams();
  const [params] = useSearchParams();
  const n = Number(id ?? params.get("id"));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * A booked live or video test as its evaluator acts on it (evaluators-results-account.md §2, §4):
 * /testing/evaluators/confirm?id= (confirm or administer; the declined view once declined) and
 * /testing/evaluators/confirmation_status/{id}. What the status allows: Unconfirmed confirm,
 * decline and administer; Confirmed decline and administer; Declined nothing. Decline is disabled
 * when the test is soon; it opens the other-evaluators dialog or goes to the decline page.
 */
export default function ScheduledTestPage({ mode = "status" }: { mode?: "confirm" | "status" }) {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const id = useTestId();
  const query = useScheduledTest(id);
  const title = t(mode === "confirm" ? "evaluatorActions.confirmTitle" : "evaluatorActions.statusTitle");
  return (
    <>
      <PageHeader title={title} breadcrumbs={[home, testing, { label: t("evaluatorSchedule.title"), to: "/testing/evaluators/schedule" }]} />
      <RemoteData query={query} skeletonRows={4} errorTitle={t("evaluatorActions.messages.loadFailure")}>
        {(data) => <TestActions data={data} />}
      </RemoteData>
    </>
  );
}

function TestActions({ data }: { data: PageData }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const navigate = useNavigate();
  const methodLabel = useMethodLabel();
  const errorText = useApiErrorText(actionCatalogs);
  const confirm = useConfirmTest();
  const others = useOtherEvaluators();
  const decline = useDeclineTest();
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState(false);
  const id = data.candidateTestId;
  const declinePath = `/testing/evaluators/decline/${id}`;

  const onConfirm = () => {
    setError(null);
    confirm.mutate(id, {
      onSuccess: (r) => notifyResult(t(r.messageKey, { defaultValue: r.message }), true),
      onError: (e) => setError(errorText(e)),
    });
  };
  const onDecline = () => {
    setError(null);
    others.mutate(id, {
      onSuccess: (r) => (r.otherEvaluatorsAvailable ? setDialog(true) : navigate(declinePath)),
      onError: (e) => setError(errorText(e)),
    });
  };
  const handOver = () => {
    decline.mutate(
      { candidateTestId: id },
      {
        onSuccess: (r) => {
          setDialog(false);
          notifyResult(t(r.messageKey, { defaultValue: r.message }), true);
        },
        onError: (e) => {
          setDialog(false);
          setError(errorText(e));
        },
      },
    );
  };

  const fact = (label: string, value: string) => (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );

  return (
    <Stack gap="lg" maw={880}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>{data.testDescription}</Text>
            <StatusTag tone={STATUS_TONE[data.confirmationStatus]}>{t(`evaluatorSchedule.status.${data.confirmationStatus}`)}</StatusTag>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {fact(t("evaluatorSchedule.columns.number"), String(id))}
            {fact(t("evaluatorSchedule.columns.candidate"), data.candidateName)}
            {fact(t("evaluatorSchedule.columns.method"), methodLabel(data.method))}
            {fact(t("evaluatorSchedule.columns.date"), formatDate(data.datetime, language, data.timeZone))}
            {fact(t("evaluatorSchedule.columns.time"), formatClockTime(data.datetime, language, data.timeZone))}
            {fact(t("evaluatorActions.duration"), t("evaluatorActions.minutes", { count: data.durationMinutes }))}
            {data.phoneNumber && fact(t("evaluatorActions.phone"), data.phoneNumber)}
          </SimpleGrid>
        </Stack>
      </Paper>
      {data.confirmationStatus === "declined" ? (
        <Alert color="gray" variant="light" title={t("evaluatorActions.declinedTitle")}>
          {t("evaluatorActions.declinedText")}
        </Alert>
      ) : !data.canAdminister ? (
        <Alert color="gray" variant="light">
          {t("evaluatorActions.finishedText")}
        </Alert>
      ) : (
        <Group>
          {data.canConfirm && (
            <Button onClick={onConfirm} loading={confirm.isPending}>
              {t("evaluatorActions.confirm")}
            </Button>
          )}
          <Button component={Link} to={`/testing/evaluators/administer/${id}`} variant={data.canConfirm ? "default" : "filled"}>
            {t("evaluatorActions.administer")}
          </Button>
          <Button variant="default" color="red" onClick={onDecline} disabled={!data.canDecline} loading={others.isPending}>
            {t("evaluatorActions.decline")}
          </Button>
        </Group>
      )}
      {data.confirmationStatus !== "declined" && data.canAdminister && !data.isCancelable && (
        <Text size="sm" c="gray.7">
          {t("evaluatorActions.tooSoonNote", { count: DECLINE_CUTOFF_HOURS })}
        </Text>
      )}
      <FormError message={error} />
      <Modal opened={dialog} onClose={() => setDialog(false)} title={t("evaluatorActions.othersTitle")} closeButtonProps={{ "aria-label": t("ui.close") }}>
        <Stack>
          <Text>{t("evaluatorActions.othersText")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(declinePath)}>
              {t("evaluatorActions.chooseNewTime")}
            </Button>
            <Button color="red" onClick={handOver} loading={decline.isPending}>
              {t("evaluatorActions.handOver")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
