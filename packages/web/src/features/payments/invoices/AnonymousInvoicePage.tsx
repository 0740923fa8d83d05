import { useState } from "react";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { anonymousInvoiceConfirmationPath, invoiceMessages, invoiceRoutes, type AnonymousInvoicePage as PageData, type CardPaymentStart } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { call } from "../../../api/client";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { CardPaymentForm } from "../index";
import { InvoiceSummary } from "./InvoiceSummary";

const catalogs = { "billing.messages": invoiceMessages };

/** The anonymous invoice's data by its key (also read by the confirmation page). */
export const anonymousInvoiceKey = (key: string) => ["invoice-by-key", key] as const;

export function useAnonymousInvoice(key: string) {
  return useQuery({ queryKey: anonymousInvoiceKey(key), queryFn: ({ signal }) => call(invoiceRoutes.byKey, {}, { key }, { signal }), retry: false });
}

/**
 * /invoices/pay/{invoiceKey}: anyone holding the invoice's link (accounts payable, without a
 * sign-in) sees the invoice and pays its balance by card; then the confirmation page.
 */
export default function AnonymousInvoicePage() {
  const { t } = useTranslation();
  const { key = "" } = useParams();
  const errorText = useApiErrorText(catalogs);
  const query = useAnonymousInvoice(key);
  const title = query.data ? t("billing.anonymous.title", { number: query.data.invoiceData.number }) : t("billing.anonymous.titlePlain");
  return (
    <>
      <PageHeader title={title} />
      <RemoteData
        query={query}
        renderError={(err) => (
          <Alert color="red" variant="light" role="alert" title={t("billing.anonymous.loadFailed")}>
            {errorText(err)}
          </Alert>
        )}
      >
        {(invoice) => <AnonymousPayment invoice={invoice} />}
      </RemoteData>
    </>
  );
}

function AnonymousPayment({ invoice }: { invoice: PageData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useApiErrorText(catalogs);
  const [payment, setPayment] = useState<CardPaymentStart | null>(null);
  const start = useMutation({ mutationFn: () => call(invoiceRoutes.payByKey, {}, { key: invoice.invoiceKey }), onSuccess: setPayment });
  const due = invoice.invoiceData.balanceCents > 0;
  return (
    <Stack gap="lg" maw={880}>
      <Text>{t("billing.anonymous.intro")}</Text>
      <InvoiceSummary view={invoice} />
      <Paper withBorder p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t("billing.invoice.payTitle")}
          </Title>
          {!due ? (
            <Text>{t("billing.anonymous.nothingDue")}</Text>
          ) : payment ? (
            <CardPaymentForm
              payment={payment}
              anonymous
              onPaid={async () => {
                // The confirmation reads the invoice as the server now records it, not this page's copy.
                await queryClient.refetchQueries({ queryKey: anonymousInvoiceKey(invoice.invoiceKey) });
                void navigate(anonymousInvoiceConfirmationPath(invoice.invoiceKey), { state: { paidCents: payment.amountCents } });
              }}
              onCancel={() => setPayment(null)}
            />
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
    </Stack>
  );
}
