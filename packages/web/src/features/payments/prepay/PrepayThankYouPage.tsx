import { Alert, Anchor, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Link, useParams } from "react-router";
import { SUPPORT_PHONES, invoiceMessages } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatMoney } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { useStartup } from "../../../ui/startup";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { usePrepayCrumbs } from "./paths";
import { usePrepayOrder } from "./queries";

const catalogs = { "billing.messages": invoiceMessages };

/** /testing/prepay/thank_you/{invoiceId}: the order's thank-you page, with its invoice link /invoice/{id}. */
export default function PrepayThankYouPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const { id = "" } = useParams();
  const crumbs = usePrepayCrumbs();
  const errorText = useApiErrorText(catalogs);
  const query = usePrepayOrder(id);
  return (
    <>
      <PageHeader title={t("billing.prepay.thankYouTitle")} breadcrumbs={crumbs} />
      <RemoteData
        query={query}
        renderError={(err) => (
          <Alert color="red" variant="light" role="alert" title={t("billing.invoice.loadFailed")}>
            {errorText(err)}
          </Alert>
        )}
      >
        {(order) => (
          <Paper withBorder p={{ base: "md", sm: "lg" }} maw={680}>
            <Stack gap="sm">
              <Text fw={600}>{t("billing.prepay.thankYou", { number: order.number, amount: formatMoney(order.totalCents, language) })}</Text>
              <Text>{t("billing.prepay.thankYouPay")}</Text>
              <Text>{t("billing.prepay.thankYouSchedule", { phone: SUPPORT_PHONES.testing })}</Text>
              <Group>
                <Button component={Link} to={`/invoice/${order.invoiceId}`}>
                  {t("billing.prepay.viewInvoice", { number: order.number })}
                </Button>
                <Anchor component={Link} to="/testing/contact_to_schedule" underline="always">
                  {t("billing.contact.link")}
                </Anchor>
              </Group>
            </Stack>
          </Paper>
        )}
      </RemoteData>
    </>
  );
}
