import { useState } from "react";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { paymentRoutes, type CardPaymentMethod, type CardSetupStart } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { call } from "../../api/client";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { RemoteData } from "../../ui/RemoteData";
import { openConfirm } from "../../ui/modals";
import { notifyResult } from "../../ui/form";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { CardForm } from "./CardForm";
import { paymentCatalogs, paymentKeys, usePaymentMethod } from "./queries";

/**
 * The credit card on file (client spec §2, /account/payment_methods; permission creditCardOnFile):
 * the card's brand and last four or none, Add or Replace through a SetupIntent the card form
 * confirms, and Delete (/account/delete_payment_method) after a confirmation.
 */
export default function PaymentMethodsPage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const method = usePaymentMethod();
  return (
    <>
      <PageHeader title={t("payments.cardOnFile.title")} breadcrumbs={[home]} />
      <RemoteData query={method}>{(data) => <CardOnFile data={data} />}</RemoteData>
    </>
  );
}

function CardOnFile({ data }: { data: CardPaymentMethod }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useApiErrorText(paymentCatalogs);
  const [setup, setSetup] = useState<CardSetupStart | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const show = (next: CardPaymentMethod) => queryClient.setQueryData(paymentKeys.paymentMethod, next);

  const begin = async () => {
    setError(null);
    setBusy(true);
    try {
      setSetup(await call(paymentRoutes.setupPaymentMethod, {}));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const saved = async () => {
    try {
      show(await call(paymentRoutes.completePaymentMethod, { setupIntentId: setup!.setupIntentId }));
      setSetup(null);
      notifyResult(t("payments.cardOnFile.saved"), true);
    } catch (err) {
      setError(errorText(err));
    }
  };

  const remove = () =>
    openConfirm({
      title: t("payments.cardOnFile.deleteTitle"),
      children: <Text>{t("payments.cardOnFile.deleteText", { name: data.name })}</Text>,
      labels: { confirm: t("payments.cardOnFile.delete"), cancel: t("payments.card.cancel") },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": t("ui.close") },
      onConfirm: async () => {
        try {
          show(await call(paymentRoutes.deletePaymentMethod, {}));
          notifyResult(t("payments.cardOnFile.deleted"), true);
        } catch (err) {
          setError(errorText(err));
        }
      },
    });

  return (
    <Stack gap="md" maw={560}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("payments.cardOnFile.current")}
          </Title>
          {data.card ? (
            <Text data-testid="card-on-file">{t("payments.cardOnFile.card", { brand: t(`payments.brands.${data.card.brand}`, { defaultValue: data.card.brand }), last4: data.card.last4 })}</Text>
          ) : (
            <Text>{t("payments.cardOnFile.none")}</Text>
          )}
          {!setup && (
            <Group>
              <Button onClick={() => void begin()} loading={busy}>
                {data.action === "replace" ? t("payments.cardOnFile.replace") : t("payments.cardOnFile.add")}
              </Button>
              {data.allowDelete && (
                <Button variant="default" color="red" onClick={remove}>
                  {t("payments.cardOnFile.delete")}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {setup && (
        <Paper withBorder p="md" radius="md">
          <CardForm
            intent={{ kind: "setup", intentId: setup.setupIntentId, clientSecret: setup.clientSecret, publicKey: setup.publicKey, processor: setup.processor }}
            submitLabel={t("payments.cardOnFile.save")}
            onConfirmed={saved}
            onCancel={() => setSetup(null)}
          />
        </Paper>
      )}
    </Stack>
  );
}
