import { useEffect, useMemo, useState } from "react";
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useNavigate } from "react-router";
import { PROCTORING_RATES, PROCTORING_SHORT_NOTICE_CENTS, TIME_ZONES, type ProctorAvailableTime, type ProctorSchedulePage } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { useStartup } from "../../../ui/startup";
import { formatMoney } from "../../../i18n/format";
import { notifyResult } from "../../../ui/form";
import { Calendar } from "../../scheduling";
import { CutoffNote } from "./CutoffNote";
import { TestsHeading } from "./TestsHeading";
import { useConfirmReservation, useFailureText, useProctorTimes } from "./queries";

/**
 * Picking a day loads its available times, each with its cost (client-administration.md §4); with
 * a time chosen the reservation is confirmed, or (the account's staff, where candidates may
 * schedule) only assigned for the candidate to schedule.
 */
export function ReservationForm({ data }: { data: ProctorSchedulePage }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const navigate = useNavigate();
  const failureText = useFailureText();
  const [month, setMonth] = useState((data.availableDates[0] ?? data.minDate).slice(0, 7));
  const [date, setDate] = useState<string | null>(null);
  const [zoneId, setZoneId] = useState<number>(data.timeZoneId);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const times = useProctorTimes(data, date, zoneId);
  const confirm = useConfirmReservation();
  const enabled = useMemo(() => new Set(data.availableDates), [data.availableDates]);
  const slots = times.data?.availableTimes;
  const chosen: ProctorAvailableTime | undefined = slots?.find((s) => s.startsAt === startsAt);
  // A chosen time the new day or zone no longer offers is cleared.
  useEffect(() => {
    if (slots && startsAt && !slots.some((s) => s.startsAt === startsAt)) setStartsAt(null);
  }, [slots, startsAt]);

  const money = (cents: number) => formatMoney(cents, language);
  const slotLabel = (s: ProctorAvailableTime) =>
    s.shortNotice ? t("proctorReservation.times.optionShortNotice", { start: s.time, end: s.endTime, cost: money(s.cost) }) : t("proctorReservation.times.option", { start: s.time, end: s.endTime, cost: money(s.cost) });
  const canAssignOnly = !data.isCandidate && data.allowCandidateScheduling;
  const base = {
    candidateProfileId: data.candidateProfileId,
    assignedTestIds: data.assignedTestIds,
    testIds: data.testIds,
    trackIds: data.trackIds,
    useMedicalTestRecommendations: data.useMedicalTestRecommendations,
  };

  const reserve = () => {
    if (!date || !chosen) return;
    setError(null);
    confirm.mutate(
      { ...base, date, time: chosen.time, cost: chosen.cost, timeZone: zoneId, assignOnly: false },
      { onSuccess: (r) => notifyResult(t(r.messageKey), true), onError: (e) => setError(failureText(e)) },
    );
  };
  const assignOnly = () => {
    setError(null);
    confirm.mutate(
      { ...base, assignOnly: true },
      {
        onSuccess: (r) => {
          notifyResult(t(r.messageKey), true);
          navigate(`/testing/candidates/${data.candidateProfileId}`);
        },
        onError: (e) => setError(failureText(e)),
      },
    );
  };

  return (
    <Stack gap="lg" maw={880}>
      <TestsHeading data={data} />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t("proctorReservation.date")}
            </Text>
            <Calendar month={month} onMonth={setMonth} selected={date} enabled={enabled} minDate={data.minDate} maxDate={data.maxDate} onSelect={setDate} />
            {data.availableDates.length === 0 && <Text c="gray.7">{t("proctorReservation.noDates")}</Text>}
          </div>
          <Stack gap="md">
            <NativeSelect
              label={t("proctorReservation.timeZone")}
              value={String(zoneId)}
              onChange={(e) => setZoneId(Number(e.currentTarget.value))}
              data={TIME_ZONES.map((z) => ({ value: String(z.id), label: t(`scheduling.zones.${z.id}`, { defaultValue: z.displayAs }) }))}
            />
            <NativeSelect
              label={t("proctorReservation.times.label")}
              disabled={!slots || slots.length === 0}
              value={chosen ? chosen.startsAt : ""}
              onChange={(e) => setStartsAt(e.currentTarget.value || null)}
              data={[{ value: "", label: t("proctorReservation.times.choose") }, ...(slots ?? []).map((s) => ({ value: s.startsAt, label: slotLabel(s) }))]}
            />
            <Text size="sm" c={times.isError ? "red.8" : "gray.7"} aria-live="polite">
              {date === null
                ? t("proctorReservation.times.notAsked")
                : times.isPending
                  ? t("proctorReservation.times.loading")
                  : times.isError
                    ? failureText(times.error, "timesLoadFailure")
                    : slots!.length === 0
                      ? t("proctorReservation.times.empty")
                      : t("proctorReservation.times.loaded", { count: slots!.length })}
            </Text>
            {chosen && (
              <Text fw={600} aria-live="polite">
                {t("proctorReservation.cost", { cost: money(chosen.cost) })}
                {chosen.shortNotice ? ` ${t("proctorReservation.shortNotice")}` : ""}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
      </Paper>
      <Rates />
      <CutoffNote cutoff={chosen?.cancellationCutoff} />
      <Text size="sm" c="gray.7">
        {t("proctorReservation.onlineNote")}
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={reserve} disabled={confirm.isPending || !chosen}>
          {confirm.isPending ? t("proctorReservation.confirming") : t("proctorReservation.confirm")}
        </Button>
        {canAssignOnly && (
          <Button variant="default" onClick={assignOnly} disabled={confirm.isPending}>
            {t("proctorReservation.assignOnly")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The proctoring rates of the spec (§9), in the page's language. */
function Rates() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const m = (cents: number) => formatMoney(cents, language);
  return (
    <Text size="sm">
      {t("proctorReservation.rates", { r30: m(PROCTORING_RATES[0].cents), r60: m(PROCTORING_RATES[1].cents), r120: m(PROCTORING_RATES[2].cents), extra: m(PROCTORING_SHORT_NOTICE_CENTS) })}
    </Text>
  );
}
