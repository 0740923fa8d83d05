import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { Link } from "react-router";
import { reportRoutes, Role, type CandidateTestRecord } from "@parlance/contract";
import { useStartup } from "../../ui/startup";
import { formatDate, formatDateTime } from "../../i18n/format";
import { confirmDelete } from "../../ui/ConfirmDialog";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { notifyResult } from "../../ui/form";
import { EmptyState, RemoteData } from "../../ui/RemoteData";
import { useMethodLabel, useTestStatusText } from "../../ui/testStatus";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { ApiCallError, hrefOf } from "../../api/client";
import { historyCatalogs, useCandidateTests, useRemoveTest } from "./queries";
import { HistoryLoadError } from "./HistoryLoadError";
import { CallCandidateButton } from "../calls";
import { DeliveryUploadButton } from "../taking";

export const trackPath = (id: number) => `/testing/track/${id}`;

/**
 * The candidate's tests table on the candidate detail page: every test with its method, access
 * code, date, expiry, display status, score and Not Completed text; delete a test not started, or
 * cancel a scheduled live or video test, through the 'Confirm Delete' dialog.
 */
export function CandidateTests({ candidateId }: { candidateId: number }) {
  const { t } = useTranslation();
  const { language, startup } = useStartup();
  // The account's administrator uploads a candidate's sealed answers file (issue 27).
  const administrator = startup.userFlags?.roles.includes(Role.TestingAccountAdministrator) ?? false;
  const query = useCandidateTests(candidateId);
  const statusText = useTestStatusText();
  const methodLabel = useMethodLabel();
  const errorText = useApiErrorText(historyCatalogs);
  const remove = useRemoveTest(candidateId);

  const failureText = (err: unknown, fallbackKey: string) =>
    err instanceof ApiCallError && err.status >= 400 && err.status < 500 ? errorText(err) : t(fallbackKey);

  const requestDelete = (test: CandidateTestRecord) =>
    confirmDelete({
      message: t("history.candidateTests.confirmDelete"),
      onConfirm: () =>
        remove.mutate(
          { id: test.assigned_test_id, live: false },
          {
            onSuccess: () => notifyResult(t("assignment.messages.deleted"), true),
            onError: (err) => notifyResult(failureText(err, "assignment.messages.deleteFailure"), false),
          },
        ),
    });

  const requestCancel = (test: CandidateTestRecord) =>
    confirmDelete({
      message: t(test.cancelable ? "history.candidateTests.confirmCancelEarly" : "history.candidateTests.confirmCancelLate"),
      onConfirm: () =>
        remove.mutate(
          { id: test.assigned_test_id, live: true },
          {
            onSuccess: (res) => notifyResult(t(res.messageKey, { defaultValue: res.message }), true),
            onError: (err) => notifyResult(failureText(err, "assignment.messages.deleteFailure"), false),
          },
        ),
    });

  const busy = remove.isPending ? remove.variables?.id : undefined;

  const columns: DataColumn<CandidateTestRecord>[] = [
    {
      key: "test",
      header: t("history.columns.test"),
      rowHeader: true,
      cell: (r) => (
        <Stack gap={2}>
          <span>{r.description}</span>
          {r.candidate_track_id !== null && (
            <Anchor component={Link} to={trackPath(r.candidate_track_id)} size="sm" aria-label={t("history.candidateTests.batteryLink", { test: r.description })}>
              {t("history.candidateTests.battery")}
            </Anchor>
          )}
        </Stack>
      ),
    },
    { key: "method", header: t("history.columns.method"), cell: (r) => methodLabel(r.method_short_name), nowrap: true },
    { key: "code", header: t("history.columns.accessCode"), cell: (r) => <Text ff="monospace" size="sm">{r.access_code}</Text>, nowrap: true },
    { key: "date", header: t("history.columns.date"), cell: (r) => (r.datetime ? formatDateTime(r.datetime, language) : "—"), nowrap: true },
    {
      key: "expires",
      header: t("history.columns.expires"),
      nowrap: true,
      cell: (r) => (
        <span>
          {formatDate(r.expiration, language)}
          {r.expired && (
            <Text span size="sm" c="red.9" ml={6}>
              ({t("history.candidateTests.expired")})
            </Text>
          )}
        </span>
      ),
    },
    { key: "status", header: t("history.columns.status"), cell: (r) => statusText(r.view).status },
    {
      key: "score",
      header: t("history.columns.score"),
      cell: (r) => (
        <Stack gap={2}>
          <span>{statusText(r.view).score || "—"}</span>
          {/* A scored result has its PDF report (with the verification key); the server checks the scope. */}
          {r.result_state === "scored" && r.candidate_test_id !== null && (
            <Anchor href={hrefOf(reportRoutes.download, { id: r.candidate_test_id })} size="sm" aria-label={t("history.candidateTests.reportLink", { test: r.description })}>
              {t("history.candidateTests.report")}
            </Anchor>
          )}
        </Stack>
      ),
    },
    { key: "notCompleted", header: t("history.columns.notCompleted"), cell: (r) => statusText(r.view).notCompleted || "—" },
    {
      key: "actions",
      header: t("ui.actions"),
      headerHidden: true,
      nowrap: true,
      cell: (r) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          {/* An open live or video test without an appointment: the administrator schedules it (or leaves it to the candidate). */}
          {(r.method_short_name === "live" || r.method_short_name === "video") && !r.is_scheduled && !r.expired && r.deletable && (
            <Button
              component={Link}
              to={`/testing/candidates/${candidateId}/scheduledtest/${r.assigned_test_id}`}
              size="compact-sm"
              variant="light"
              aria-label={t("scheduling.scheduleNamed", { test: r.description })}
            >
              {t("scheduling.schedule")}
            </Button>
          )}
          {/* An open proctor-service test: reserve its proctoring sitting, or see the reservation. */}
          {r.uses_proctor_service && r.candidate_test_id === null && !r.expired && (r.state === "takeable" || r.state === "needs_scheduling") && (
            <Button
              component={Link}
              to={`/testing/proctor/schedule/${candidateId}?assigned_tests=${r.assigned_test_id}`}
              size="compact-sm"
              variant="light"
              aria-label={t(r.is_scheduled ? "proctorReservation.entry.viewNamed" : "proctorReservation.entry.reserveNamed", { test: r.description })}
            >
              {t(r.is_scheduled ? "proctorReservation.entry.view" : "proctorReservation.entry.reserve")}
            </Button>
          )}
          {/* An open phone test: the administrator may call the candidate to start it, at any time before it expires (spec §2). */}
          {r.method_short_name === "ivr" && r.state === "takeable" && !r.expired && (r.candidate_test_id === null || r.view.status === "in_progress") && (
            <CallCandidateButton assignedTestId={r.assigned_test_id} testDescription={r.description} />
          )}
          {/* An online test started and not yet scored: its sealed answers file (.parlance) can be uploaded. */}
          {administrator && r.method_short_name === "online" && r.candidate_test_id !== null && r.result_state === null && (
            <DeliveryUploadButton assignedTestId={r.assigned_test_id} test={r.description} />
          )}
          {r.deletable && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              loading={busy === r.assigned_test_id}
              aria-label={t("history.candidateTests.deleteNamed", { test: r.description })}
              onClick={() => requestDelete(r)}
            >
              {t("history.candidateTests.delete")}
            </Button>
          )}
          {(r.cancelable || r.late_cancelable) && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              loading={busy === r.assigned_test_id}
              aria-label={t("history.candidateTests.cancelNamed", { test: r.description })}
              onClick={() => requestCancel(r)}
            >
              {t("history.candidateTests.cancel")}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <section aria-labelledby={`candidate-tests-${candidateId}`}>
      <Title order={2} id={`candidate-tests-${candidateId}`} fz="xl" mb="sm">
        {t("history.candidateTests.heading")}
      </Title>
      <RemoteData
        query={query}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState message={t("history.candidateTests.empty")} />}
        renderError={() => <HistoryLoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />}
      >
        {(rows) => (
          <DataTable caption={t("history.candidateTests.caption")} captionHidden columns={columns} rows={rows} rowKey={(r) => r.assigned_test_id} minWidth={980} />
        )}
      </RemoteData>
    </section>
  );
}
