import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ScheduledTestPage as PageData } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { formatClockTime, formatDate } from "../../i18n/format";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { useStartup } from "../../ui/startup";
import { RemoteData } from "../../ui/RemoteData";
import { FormError } from "../../ui/FormError";
import { notifyResult } from "../../ui/form";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { Calendar } from "../scheduling";
import { actionCatalogs, useDeclineTimes, useDeclineTest, useScheduledTest } from "./queries";
import { useZoneLabel } from "./zoneLabel";

/**
 * /testing/evaluators/decline/{id} (evaluators-results-account.md §2, §4, §5): decline the booked
 * time and move the test to a new date and time. Only dates with an available time are offered
 * (90 days ahead), and times in 15-minute steps; Decline stays disabled until both are valid.
 */
export default function DeclinePage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const id = Number(useParams().id);
  const query = useScheduledTest(Number.isInteger(id) && id > 0 ? id : 0);
  return (
    <>
      <PageHeader title={t("evaluatorActions.declineTitle")} breadcrumbs={[home, testing, { label: t("evaluatorSchedule.title"), to: "/testing/evaluators/schedule" }]} />
      <RemoteData query={query} skeletonRows={4} errorTitle={t("evaluatorActions.messages.loadFailure")}>
        {(data) =>
          data.canDecline ? (
            <DeclineForm data={data} />
          ) : (
            <Alert color="gray" variant="light">
              {t(data.confirmationStatus === "declined" ? "evaluatorActions.declinedText" : "evaluatorActions.cannotDecline")}
            </Alert>
          )
        }
      </RemoteData>
    </>
  );
}

function DeclineForm({ data }: { data: PageData }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const navigate = useNavigate();
  const errorText = useApiErrorText(actionCatalogs);
  const zoneLabel = useZoneLabel();
  const id = data.candidateTestId;
  const [month, setMonth] = useState((data.firstAvailableDate ?? data.today).slice(0, 7));
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState("");
  const [error, setError] = useState<string | null>(null);
  const times = useDeclineTimes(id, date);
  const decline = useDeclineTest();
  const enabled = useMemo(() => new Set(data.availableDates), [data.availableDates]);
  const slots = times.data?.availableTimes;
  const chosen = slots?.find((s) => s.startTime === time && s.availability);

  // A time the new date does not offer is cleared.
  useEffect(() => {
    if (slots && time && !slots.some((s) => s.availability && s.startTime === time)) setTime("");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slots]);

  const submit = () => {
    if (!date || !chosen) return;
    setError(null);
    decline.mutate(
      { candidateTestId: id, date, startTime: chosen.startTime },
      {
        onSuccess: (r) => {
          notifyResult(t(r.messageKey, { defaultValue: r.message }), true);
          navigate(`/testing/evaluators/confirmation_status/${id}`);
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  const slotLabel = (s: { starts_at: string; availability: boolean }) => {
    const at = formatClockTime(s.starts_at, language, data.timeZone);
    return s.availability ? at : t("evaluatorActions.notAvailable", { time: at });
  };

  return (
    <Stack gap="lg" maw={880}>
      <Text>
        {t("evaluatorActions.declineIntro", {
          test: data.testDescription,
          candidate: data.candidateName,
          date: formatDate(data.datetime, language, data.timeZone),
          time: formatClockTime(data.datetime, language, data.timeZone),
        })}
      </Text>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t("evaluatorActions.newDate")}
            </Text>
            {data.firstAvailableDate && data.lastAvailableDate ? (
              <Calendar month={month} onMonth={setMonth} selected={date} enabled={enabled} minDate={data.today} maxDate={data.lastAvailableDate} onSelect={setDate} />
            ) : (
              <Text c="gray.7">{t("evaluatorActions.noDates")}</Text>
            )}
          </div>
          <Stack gap="md">
            <NativeSelect
              label={t("evaluatorActions.newTime")}
              disabled={!slots || slots.length === 0}
              value={chosen ? chosen.startTime : ""}
              onChange={(e) => setTime(e.currentTarget.value)}
              data={[{ value: "", label: t("evaluatorActions.chooseTime") }, ...(slots ?? []).map((s) => ({ value: s.startTime, label: slotLabel(s), disabled: !s.availability }))]}
            />
            <Text size="sm" c={times.isError ? "red.8" : "gray.7"} aria-live="polite">
              {date === null ? t("evaluatorActions.pickDate") : times.isPending ? t("ui.loading") : times.isError ? errorText(times.error) : t("evaluatorActions.timeZone", { zone: zoneLabel(data.timeZone) })}
            </Text>
          </Stack>
        </SimpleGrid>
      </Paper>
      <FormError message={error} />
      <Group>
        <Button color="red" disabled={!date || !chosen} loading={decline.isPending} onClick={submit}>
          {t("evaluatorActions.declineSubmit")}
        </Button>
        <Button variant="default" onClick={() => navigate(`/testing/evaluators/confirmation_status/${id}`)}>
          {t("evaluatorActions.back")}
        </Button>
      </Group>
    </Stack>
  );
}
