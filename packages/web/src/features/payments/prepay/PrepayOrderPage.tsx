import { useMemo, useState, type FormEvent } from "react";
import { Alert, Anchor, Button, Group, NumberInput, Paper, Stack, Text, TextInput } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { MAX_PREPAY_QUANTITY, prepayMessages, type PrepayPage } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatMoney } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData, EmptyState } from "../../../ui/RemoteData";
import { DataTable } from "../../../ui/DataTable";
import { useStartup } from "../../../ui/startup";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { PREPAY_TERMS_PATH, prepayThankYouPath, usePrepayCrumbs } from "./paths";
import { useOrderPrepaidTests, usePrepay } from "./queries";

const catalogs = { "billing.prepay.messages": prepayMessages };

/**
 * /testing/prepay: a prepay account orders tests in advance (quantities of its tests at the price
 * with notice). The prepay terms must be accepted first; the order becomes an invoice.
 */
export default function PrepayOrderPage() {
  const { t } = useTranslation();
  const crumbs = usePrepayCrumbs(false);
  const query = usePrepay();
  return (
    <>
      <PageHeader title={t("billing.prepay.orderTitle")} breadcrumbs={crumbs} />
      <RemoteData query={query}>
        {(data) =>
          !data.prepay ? (
            <Alert color="yellow" variant="light" role="status">
              {t("billing.prepay.messages.notPrepay")}
            </Alert>
          ) : !data.accepted ? (
            <Alert color="blue" variant="light" role="status" title={t("billing.prepay.messages.termsNotAccepted")}>
              <Anchor component={Link} to={PREPAY_TERMS_PATH} underline="always">
                {t("billing.prepay.readTerms")}
              </Anchor>
            </Alert>
          ) : data.tests.length === 0 ? (
            <EmptyState message={t("billing.prepay.noTests")} />
          ) : (
            <OrderForm data={data} />
          )
        }
      </RemoteData>
    </>
  );
}

function OrderForm({ data }: { data: PrepayPage }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const navigate = useNavigate();
  const errorText = useApiErrorText(catalogs);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [purchaseOrder, setPurchaseOrder] = useState("");
  const chosen = data.tests.filter((x) => (quantities[x.accountTestId] ?? 0) > 0);
  const total = useMemo(() => chosen.reduce((s, x) => s + x.feeCents * quantities[x.accountTestId], 0), [chosen, quantities]);
  const order = useOrderPrepaidTests(
    chosen.map((x) => ({ accountTestId: x.accountTestId, quantity: quantities[x.accountTestId] })),
    purchaseOrder,
    (invoiceId) => void navigate(prepayThankYouPath(invoiceId)),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen.length > 0) order.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={820}>
        <Text>{t("billing.prepay.orderIntro")}</Text>
        <DataTable
          caption={t("billing.prepay.testsCaption")}
          columns={[
            { key: "test", header: t("billing.lines.description"), cell: (x) => x.description, rowHeader: true },
            { key: "price", header: t("billing.lines.unit"), cell: (x) => formatMoney(x.feeCents, language), align: "right", nowrap: true },
            {
              key: "quantity",
              header: t("billing.lines.quantity"),
              cell: (x) => (
                <NumberInput
                  aria-label={t("billing.prepay.quantityOf", { test: x.description })}
                  min={0}
                  max={MAX_PREPAY_QUANTITY}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  w={96}
                  value={quantities[x.accountTestId] ?? 0}
                  onChange={(v) => setQuantities((q) => ({ ...q, [x.accountTestId]: typeof v === "number" ? v : 0 }))}
                />
              ),
            },
          ]}
          rows={data.tests}
          rowKey={(x) => x.accountTestId}
          minWidth={520}
        />
        <TextInput label={t("billing.fields.purchaseOrder")} description={t("billing.prepay.purchaseOrderHint")} maxLength={50} value={purchaseOrder} onChange={(e) => setPurchaseOrder(e.currentTarget.value)} maw={320} />
        <Paper withBorder p="sm">
          <Group justify="space-between">
            <Text fw={600}>{t("billing.totals.total")}</Text>
            <Text fw={700} aria-live="polite">
              {formatMoney(total, language)}
            </Text>
          </Group>
        </Paper>
        {order.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(order.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" disabled={chosen.length === 0} loading={order.isPending}>
            {t("billing.prepay.placeOrder")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
