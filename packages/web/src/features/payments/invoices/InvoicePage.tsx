import { Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { anonymousInvoicePath, invoiceMessages, invoiceRoutes, type InvoicePage as InvoicePageData } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { call, hrefOf } from "../../../api/client";
import { notifyResult } from "../../../ui/form";
import { PaymentPageFrame } from "../PaymentPageFrame";
import { PayByCardPanel } from "../PayByCardPanel";
import { InvoiceSummary } from "./InvoiceSummary";
import { useInvoiceCrumbs } from "./crumbs";
import { useInvoice } from "./queries";

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
  const query = useInvoice(id);
  const title = query.data ? t("billing.invoice.title", { number: query.data.invoiceData.number }) : t("billing.invoice.titlePlain");
  return (
    <PaymentPageFrame title={title} breadcrumbs={crumbs} query={query} loadFailed={t("billing.invoice.loadFailed")} catalogs={catalogs}>
      {(invoice) => <InvoiceDetail invoice={invoice} />}
    </PaymentPageFrame>
  );
}

function InvoiceDetail({ invoice }: { invoice: InvoicePageData }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const shareLink = `${window.location.origin}${anonymousInvoicePath(invoice.invoiceKey)}`;
  const due = invoice.invoiceData.balanceCents > 0;
  return (
    <Stack gap="lg" maw={880}>
      <Group gap="sm">
        <Button component="a" href={hrefOf(invoiceRoutes.download, { id: invoice.id })} variant="default">
          {t("billing.invoice.download")}
        </Button>
      </Group>
      <InvoiceSummary view={invoice} officeName={invoice.officeName} />
      {due && (
        <PayByCardPanel
          title={t("billing.invoice.payTitle")}
          catalogs={catalogs}
          start={() => call(invoiceRoutes.pay, {}, { id: invoice.id })}
          onPaid={(_payment, close) => {
            close();
            notifyResult(t("billing.invoice.paid"), true);
            void queryClient.invalidateQueries({ queryKey: ["invoice", String(invoice.id)] });
            // A prepay order paid: the provider schedules the tests when the client calls.
            if (invoice.source === "prepay") void navigate("/testing/contact_to_schedule");
          }}
        />
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
