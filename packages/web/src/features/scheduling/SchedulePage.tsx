import { useEffect, useMemo, useState } from "react";
import { Alert, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { DEFAULT_TIME_ZONE_ID, TIME_ZONES, type SchedulePage as PageData } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs, type Crumb } from "../../ui/Breadcrumbs";
import { RemoteData } from "../../ui/RemoteData";
import { notifyResult } from "../../ui/form";
import { Calendar } from "./Calendar";
import { TimePicker, type TimeValue } from "./TimePicker";
import { twoDigits } from "./calendar";
import { useAllowCandidateScheduling, useAvailableTimes, useFailureText, useSchedulePage, useScheduleTest } from "./queries";

/**
 * The schedule-test screen (candidate spec §2, §4, §5, §7; client spec §2):
 * /testing/candidates/{id}/scheduledtest/{testId} and its …/request?candidate_track_test_id= form.
 * A candidate picks a day, a time zone (Eastern by default) and an available time; the account's
 * staff may instead leave the test to the candidate (Allow candidate to schedule).
 */
export default function SchedulePage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const { id = "", testId = "" } = useParams();
  const page = useSchedulePage(id, testId);
  const staff = page.data && !page.data.isCandidate;
  const crumbs: Crumb[] = staff
    ? [home, testing, { label: t("candidates.title"), to: "/testing/candidates" }, { label: page.data!.candidateDisplayAs, to: `/testing/candidates/${id}` }]
    : [home, testing, { label: t("takeTest.title"), to: "/testing/tests" }];
  return (
    <>
      <PageHeader title={t("scheduling.title")} breadcrumbs={crumbs} />
      <RemoteData query={page} skeletonRows={4}>
        {(data) => <ScheduleForm data={data} />}
      </RemoteData>
    </>
  );
}

const timeText = (v: TimeValue) => `${twoDigits(v.hour)}:${twoDigits(v.minute)}`;
const parseTime = (text: string): TimeValue => ({ hour: Number(text.slice(0, 2)), minute: Number(text.slice(3, 5)) });

function ScheduleForm({ data }: { data: PageData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const failureText = useFailureText();
  const trackParam = Number(params.get("candidate_track_test_id"));
  const test = {
    candidateProfileId: data.candidateProfileId,
    accountTestId: data.testIds[0],
    candidateTrackTestId: Number.isInteger(trackParam) && trackParam > 0 ? trackParam : data.candidateTrackTestId,
    duration: data.duration,
  };
  const [month, setMonth] = useState((data.availableDates[0] ?? data.minDate).slice(0, 7));
  const [date, setDate] = useState<string | null>(null);
  const [zoneId, setZoneId] = useState<number>(DEFAULT_TIME_ZONE_ID);
  const [time, setTime] = useState<TimeValue | null>(null);
  const [leaveToCandidate, setLeaveToCandidate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const times = useAvailableTimes(test, date, zoneId);
  const schedule = useScheduleTest();
  const allow = useAllowCandidateScheduling();
  const enabled = useMemo(() => new Set(data.availableDates), [data.availableDates]);
  const slots = times.data?.availableTimes;
  const chosen = time && slots?.find((s) => s.start_time === timeText(time));

  // A chosen time that the new date or zone no longer offers is cleared (spec §4).
  useEffect(() => {
    if (slots && time && !slots.some((s) => s.is_available && s.start_time === timeText(time))) setTime(null);
    // Only a new list decides; editing the time itself is checked by `valid` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slots]);

  const valid = date !== null && chosen?.is_available === true;
  const busy = schedule.isPending || allow.isPending;
  const zoneLabel = (z: (typeof TIME_ZONES)[number]) => t(`scheduling.zones.${z.id}`, { defaultValue: z.displayAs });
  const slotLabel = (s: { start_time: string; end_time: string; is_available: boolean }) => {
    const range = t("scheduling.times.range", { start: s.start_time, end: s.end_time });
    return s.is_available ? range : t("scheduling.times.notAvailable", { range });
  };

  const done = (message: string) => {
    notifyResult(message, true);
    navigate(data.isCandidate ? "/testing/tests" : `/testing/candidates/${data.candidateProfileId}`);
  };
  const submit = () => {
    setError(null);
    if (leaveToCandidate) {
      allow.mutate(data.assignedTestIds[0], { onSuccess: (r) => done(t(r.messageKey)), onError: (e) => setError(failureText(e, "scheduleFailure")) });
      return;
    }
    if (!valid || !time) return;
    schedule.mutate(
      { ...test, date, startTime: timeText(time), timeZone: zoneId, useMedicalTestRecommendations: data.useMedicalTestRecommendations },
      { onSuccess: (r) => done(t(r.messageKey)), onError: (e) => setError(failureText(e, "scheduleFailure")) },
    );
  };

  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Text fw={600}>{data.testDescriptions.join(", ")}</Text>
        {!data.isCandidate && <Text c="gray.7">{t("scheduling.forCandidate", { name: data.candidateDisplayAs })}</Text>}
        <Text c="gray.7">{t("scheduling.duration", { count: data.duration })}</Text>
      </div>
      {!data.isCandidate && (
        <Checkbox label={t("scheduling.allowCandidate")} checked={leaveToCandidate} onChange={(e) => setLeaveToCandidate(e.currentTarget.checked)} />
      )}
      {!leaveToCandidate && (
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <div>
              <Text size="sm" fw={500} mb={4} id="schedule-date-label">
                {t("scheduling.date")}
              </Text>
              <Calendar month={month} onMonth={setMonth} selected={date} enabled={enabled} minDate={data.minDate} maxDate={data.maxDate} onSelect={setDate} />
              {data.availableDates.length === 0 && <Text c="gray.7">{t("scheduling.noDates")}</Text>}
            </div>
            <Stack gap="md">
              <NativeSelect
                label={t("scheduling.timeZone")}
                value={String(zoneId)}
                onChange={(e) => setZoneId(Number(e.currentTarget.value))}
                data={TIME_ZONES.map((z) => ({ value: String(z.id), label: zoneLabel(z) }))}
              />
              <NativeSelect
                label={t("scheduling.times.label")}
                disabled={!slots || slots.length === 0}
                value={chosen ? chosen.start_time : ""}
                onChange={(e) => setTime(e.currentTarget.value ? parseTime(e.currentTarget.value) : null)}
                data={[
                  { value: "", label: t("scheduling.times.choose") },
                  ...(slots ?? []).map((s) => ({ value: s.start_time, label: slotLabel(s), disabled: !s.is_available })),
                ]}
              />
              <Text size="sm" c={times.isError ? "red.8" : "gray.7"} aria-live="polite">
                {date === null
                  ? t("scheduling.times.notAsked")
                  : times.isPending
                    ? t("scheduling.times.loading")
                    : times.isError
                      ? failureText(times.error, "timesLoadFailure")
                      : slots!.length === 0
                        ? t("scheduling.times.empty")
                        : t("scheduling.times.loaded", { count: slots!.filter((s) => s.is_available).length })}
              </Text>
              <TimePicker value={time} onChange={setTime} disabled={date === null} />
              {time && slots && !chosen?.is_available && <Text size="sm" c="red.8">{t("scheduling.time.notOffered")}</Text>}
            </Stack>
          </SimpleGrid>
        </Paper>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={submit} disabled={busy || (!leaveToCandidate && !valid)} loading={false}>
          {busy ? t("scheduling.submitting") : data.isCandidate ? t("scheduling.submit") : t("scheduling.add")}
        </Button>
      </Group>
    </Stack>
  );
}
