import { useState, type ReactNode } from "react";
import { Alert, Button, Group, Paper, Stack, Title, type StyleProp, type MantineSpacing } from "@mantine/core";
import type { CardPaymentStart } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { useApiErrorText, type MessageCatalogs } from "../../ui/useApiErrorText";
import { CardPaymentForm } from "./CardPaymentForm";
import { useStartCardPayment } from "./queries";

interface PayByCardPanelProps {
  title: string;
  /** Starts the card payment on the server (e.g. POST /api/invoices/{id}/pay). */
  start: () => Promise<CardPaymentStart>;
  /** Once the payment is settled; `close` puts the 'Pay by card' button back. */
  onPaid: (payment: CardPaymentStart, close: () => void) => void | Promise<void>;
  /** Shown instead of the payment when there is nothing to pay (e.g. already paid). */
  nothingToPay?: ReactNode;
  /** An anonymous payer (the invoice payment link). */
  anonymous?: boolean;
  catalogs: MessageCatalogs;
  p?: StyleProp<MantineSpacing>;
}

/** A payment page's 'Pay by card' panel: the button starts the payment, then the card form; a failure to start is shown under it. */
export function PayByCardPanel({ title, start: startPayment, onPaid, nothingToPay, anonymous, catalogs, p = { base: "sm", sm: "md" } }: PayByCardPanelProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(catalogs);
  const [payment, setPayment] = useState<CardPaymentStart | null>(null);
  const start = useStartCardPayment(startPayment, setPayment);
  return (
    <Paper withBorder p={p}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {nothingToPay ? (
          nothingToPay
        ) : payment ? (
          <CardPaymentForm payment={payment} anonymous={anonymous} onPaid={() => void onPaid(payment, () => setPayment(null))} onCancel={() => setPayment(null)} />
        ) : (
          <Group>
            <Button onClick={() => start.mutate()} loading={start.isPending}>
              {t("billing.invoice.payByCard")}
            </Button>
          </Group>
        )}
        {start.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(start.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
