import { useState } from "react";
import { Alert, Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { anonymousInvoicePath, invoiceMessages, invoiceRoutes, type CardPaymentStart, type InvoicePage as InvoicePageData } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { call } from "../../../api/client";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { notifyResult } from "../../../ui/form";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { CardPaymentForm } from "../index";
import { InvoiceSummary } from "./InvoiceSummary";
import { useInvoiceCrumbs } from "./crumbs";

const catalogs = { "billing.messages": invoiceMessages };

/**
 * /invoice/{id}: the invoice pay page of the account's users (office users: their office's). The
 * invoice, its PDF (/account/invoices/{id}/download), the anonymous payment link to pass on, and
 * payment of the balance by card.
 */
export default function InvoicePage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const crumbs = useInvoiceCrumbs();
  const errorText = useApiErrorText(catalogs);
  const query = useQuery({ queryKey: ["invoice", id], queryFn: ({ signal }) => call(invoiceRoutes.get, {}, { id }, { signal }), retry: false });
  const title = query.data ? t("billing.invoice.title", { number: query.data.invoiceData.number }) : t("billing.invoice.titlePlain");
  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs} />
      <RemoteData
        query={query}
        renderError={(err) => (
          <Alert color="red" variant="light" role="alert" title={t("billing.invoice.loadFailed")}>
            {errorText(err)}
          </Alert>
        )}
      >
        {(invoice) => <InvoiceDetail invoice={invoice} />}
      </RemoteData>
    </>
  );
}

function InvoiceDetail({ invoice }: { invoice: InvoicePageData }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorText = useApiErrorText(catalogs);
  const [payment, setPayment] = useState<CardPaymentStart | null>(null);
  const start = useMutation({ mutationFn: () => call(invoiceRoutes.pay, {}, { id: invoice.id }), onSuccess: setPayment });
  const shareLink = `${window.location.origin}${anonymousInvoicePath(invoice.invoiceKey)}`;
  const due = invoice.invoiceData.balanceCents > 0;
  return (
    <Stack gap="lg" maw={880}>
      <Group gap="sm">
        <Button component="a" href={`/account/invoices/${invoice.id}/download`} variant="default">
          {t("billing.invoice.download")}
        </Button>
      </Group>
      <InvoiceSummary view={invoice} officeName={invoice.officeName} />
      {due && (
        <Paper withBorder p={{ base: "sm", sm: "md" }}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t("billing.invoice.payTitle")}
            </Title>
            {payment ? (
              <CardPaymentForm
                payment={payment}
                onPaid={() => {
                  setPayment(null);
                  notifyResult(t("billing.invoice.paid"), true);
                  void queryClient.invalidateQueries({ queryKey: ["invoice", String(invoice.id)] });
                  // A prepay order paid: the provider schedules the tests when the client calls.
                  if (invoice.source === "prepay") void navigate("/testing/contact_to_schedule");
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
      )}
      {due && (
        <Paper withBorder p={{ base: "sm", sm: "md" }}>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t("billing.invoice.shareTitle")}
            </Title>
            <Text size="sm">{t("billing.invoice.shareHint")}</Text>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput label={t("billing.invoice.shareLabel")} value={shareLink} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
              <CopyButton value={shareLink} timeout={2000}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? t("billing.invoice.copied") : t("billing.invoice.copy")}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Anchor href={anonymousInvoicePath(invoice.invoiceKey)} size="sm" underline="always">
              {t("billing.invoice.openShare")}
            </Anchor>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
