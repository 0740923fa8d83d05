import { useState } from "react";
import { Alert, Stack, Text } from "@mantine/core";
import { paymentRoutes, processorMessageKey, type CardPaymentStart, type PaymentOutcome } from "@parlance/contract";
import { useStartup } from "../../ui/startup";
import { formatMoney } from "../../i18n/format";
import { useTranslation } from "../../i18n";
import { call } from "../../api/client";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { CardForm } from "./CardForm";

export interface CardPaymentFormProps {
  /** The answer of startCardPayment (POST /api/payments/start or a billing route). */
  payment: CardPaymentStart;
  onPaid: (outcome: PaymentOutcome) => void;
  onCancel?: () => void;
  /** An anonymous payer (the invoice payment page) proves the payment is theirs with the client secret. */
  anonymous?: boolean;
}

/**
 * Pays a started card payment: the card form of the configured processor, then
 * POST /api/payments/complete (which settles the fees once), then onPaid().
 */
export function CardPaymentForm({ payment, onPaid, onCancel, anonymous = false }: CardPaymentFormProps) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const errorText = useApiErrorText();
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(payment.amountCents, language);

  const complete = async () => {
    try {
      const outcome = await call(paymentRoutes.complete, { paymentId: payment.paymentId, clientSecret: anonymous ? payment.clientSecret : undefined });
      if (outcome.settled) onPaid(outcome);
      else setError(outcome.message ? t(processorMessageKey({ message: outcome.message }), { defaultValue: outcome.message }) : t("payments.card.notPaid"));
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Stack gap="sm">
      <Text>{t("payments.card.amountDue", { amount })}</Text>
      <CardForm
        intent={{ kind: "payment", intentId: payment.chargeIdentifier, clientSecret: payment.clientSecret, publicKey: payment.publicKey, processor: payment.processor }}
        submitLabel={t("payments.card.pay", { amount })}
        onConfirmed={complete}
        onCancel={onCancel}
      />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
