import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { paymentRoutes, timeZoneById, type CardPaymentStart, type ProctorSchedulePage, type ReservationView } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { useStartup } from "../../../ui/startup";
import { formatDateTime, formatMoney } from "../../../i18n/format";
import { notifyResult } from "../../../ui/form";
import { openConfirm } from "../../../ui/modals";
import { call } from "../../../api/client";
import { CardPaymentForm } from "../../payments";
import { CutoffNote } from "./CutoffNote";
import { TestsHeading } from "./TestsHeading";
import { useCancelReservation, useFailureText } from "./queries";

/**
 * A reserved sitting: when (in the zone it was chosen in), its cost and fee, the cancellation
 * cut-off (both readings), paying the fee by card, and cancelling (fee waived before the cut-off).
 */
export function ReservationSummary({ data, reservation }: { data: ProctorSchedulePage; reservation: ReservationView }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const failureText = useFailureText();
  const cancel = useCancelReservation();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [payment, setPayment] = useState<CardPaymentStart | null>(null);
  const [starting, setStarting] = useState(false);
  const zone = timeZoneById(reservation.timeZoneId);
  const payer = data.isCandidate ? "candidate" : "staff";
  const canPay = reservation.feeStatus === "unpaid" && reservation.bookedAs === payer;

  const startPayment = async () => {
    setError(null);
    setStarting(true);
    try {
      setPayment(await call(paymentRoutes.start, { itemIds: [`proctoring:${reservation.id}`] }));
    } catch (err) {
      setError(failureText(err));
    } finally {
      setStarting(false);
    }
  };
  const askCancel = () =>
    openConfirm({
      title: t("proctorReservation.summary.cancelTitle"),
      children: <Text size="sm">{t("proctorReservation.summary.cancelQuestion")}</Text>,
      labels: { confirm: t("proctorReservation.summary.cancelConfirm"), cancel: t("proctorReservation.summary.keep") },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": t("ui.close") },
      onConfirm: () =>
        cancel.mutate(reservation.id, {
          onSuccess: (r) => notifyResult(t(r.messageKey), true),
          onError: (e) => setError(failureText(e)),
        }),
    });

  return (
    <Stack gap="lg" maw={720}>
      <TestsHeading data={data} />
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text fw={600}>{t("proctorReservation.summary.heading")}</Text>
          <Text>
            {t("proctorReservation.summary.when", { time: formatDateTime(reservation.scheduledAt, language, zone.name), zone: t(`scheduling.zones.${zone.id}`, { defaultValue: zone.displayAs }) })}
          </Text>
          <Text>{t("proctorReservation.summary.cost", { cost: formatMoney(reservation.costCents, language) })}</Text>
          <Text>{t(`proctorReservation.summary.fee.${reservation.feeStatus}`)}</Text>
        </Stack>
      </Paper>
      <CutoffNote cutoff={reservation.cancellationCutoff} policyCutoff={reservation.policyCutoff} />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {payment ? (
        <Paper withBorder p="md" radius="md">
          <CardPaymentForm
            payment={payment}
            onPaid={() => {
              setPayment(null);
              notifyResult(t("proctorReservation.summary.paid"), true);
              void client.invalidateQueries();
            }}
            onCancel={() => setPayment(null)}
          />
        </Paper>
      ) : (
        <Group>
          {canPay && (
            <Button onClick={startPayment} disabled={starting}>
              {t("proctorReservation.summary.pay", { cost: formatMoney(reservation.costCents, language) })}
            </Button>
          )}
          <Button variant="default" color="red" onClick={askCancel} disabled={cancel.isPending}>
            {t("proctorReservation.summary.cancel")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
