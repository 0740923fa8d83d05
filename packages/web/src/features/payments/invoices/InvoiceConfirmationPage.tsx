import { Alert, Anchor, Paper, Stack, Text, ThemeIcon, Group } from "@mantine/core";
import { Link, useLocation, useParams } from "react-router";
import { anonymousInvoicePath, invoiceMessages } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatMoney } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { useStartup } from "../../../ui/startup";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { useAnonymousInvoice } from "./queries";
import { formatDay } from "./format";

const catalogs = { "billing.messages": invoiceMessages };

/**
 * /invoices/pay/{invoiceKey}/confirmation: the anonymous payer's confirmation, read back from the
 * server (the invoice's payments and balance as recorded), not from what the browser sent.
 */
export default function InvoiceConfirmationPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const { key = "" } = useParams();
  const location = useLocation();
  const errorText = useApiErrorText(catalogs);
  const query = useAnonymousInvoice(key);
  const paidCents = (location.state as { paidCents?: number } | null)?.paidCents;
  return (
    <>
      <PageHeader title={t("billing.confirmation.title")} />
      <RemoteData
        query={query}
        renderError={(err) => (
          <Alert color="red" variant="light" role="alert" title={t("billing.anonymous.loadFailed")}>
            {errorText(err)}
          </Alert>
        )}
      >
        {(invoice) => {
          const last = invoice.payments.at(-1);
          const d = invoice.invoiceData;
          return (
            <Paper withBorder p={{ base: "md", sm: "lg" }} maw={640}>
              <Stack gap="sm">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon color="green" radius="xl" aria-hidden>
                    ✓
                  </ThemeIcon>
                  <Text fw={600}>
                    {last
                      ? t("billing.confirmation.received", { amount: formatMoney(paidCents ?? last.amountCents, language), number: d.number })
                      : t("billing.confirmation.pending", { number: d.number })}
                  </Text>
                </Group>
                <Text>{t("billing.confirmation.balance", { amount: formatMoney(d.balanceCents, language) })}</Text>
                {d.paidOn && <Text>{t("billing.confirmation.paidOn", { date: formatDay(d.paidOn, language) })}</Text>}
                <Text size="sm" c="gray.7">
                  {t("billing.confirmation.receipt")}
                </Text>
                <Anchor component={Link} to={anonymousInvoicePath(invoice.invoiceKey)} underline="always">
                  {t("billing.confirmation.back")}
                </Anchor>
              </Stack>
            </Paper>
          );
        }}
      </RemoteData>
    </>
  );
}
