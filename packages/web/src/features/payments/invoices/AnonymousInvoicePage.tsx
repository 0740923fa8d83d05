import { Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { anonymousInvoiceConfirmationPath, invoiceMessages, invoiceRoutes, type AnonymousInvoicePage as PageData } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { call } from "../../../api/client";
import { PaymentPageFrame } from "../PaymentPageFrame";
import { PayByCardPanel } from "../PayByCardPanel";
import { InvoiceSummary } from "./InvoiceSummary";
import { anonymousInvoiceKey, useAnonymousInvoice } from "./queries";

const catalogs = { "billing.messages": invoiceMessages };

/**
 * /invoices/pay/{invoiceKey}: anyone holding the invoice's link (accounts payable, without a
 * sign-in) sees the invoice and pays its balance by card; then the confirmation page.
 */
export default function AnonymousInvoicePage() {
  const { t } = useTranslation();
  const { key = "" } = useParams();
  const query = useAnonymousInvoice(key);
  const title = query.data ? t("billing.anonymous.title", { number: query.data.invoiceData.number }) : t("billing.anonymous.titlePlain");
  return (
    <PaymentPageFrame title={title} query={query} loadFailed={t("billing.anonymous.loadFailed")} catalogs={catalogs}>
      {(invoice) => <AnonymousPayment invoice={invoice} />}
    </PaymentPageFrame>
  );
}

function AnonymousPayment({ invoice }: { invoice: PageData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const due = invoice.invoiceData.balanceCents > 0;
  return (
    <Stack gap="lg" maw={880}>
      <Text>{t("billing.anonymous.intro")}</Text>
      <InvoiceSummary view={invoice} />
      <PayByCardPanel
        title={t("billing.invoice.payTitle")}
        catalogs={catalogs}
        anonymous
        nothingToPay={!due && <Text>{t("billing.anonymous.nothingDue")}</Text>}
        start={() => call(invoiceRoutes.payByKey, {}, { key: invoice.invoiceKey })}
        onPaid={async (payment) => {
          // The confirmation reads the invoice as the server now records it, not this page's copy.
          await queryClient.refetchQueries({ queryKey: anonymousInvoiceKey(invoice.invoiceKey) });
          void navigate(anonymousInvoiceConfirmationPath(invoice.invoiceKey), { state: { paidCents: payment.amountCents } });
        }}
      />
    </Stack>
  );
}
