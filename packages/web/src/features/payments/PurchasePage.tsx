import { useState } from "react";
import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { Link, useNavigate, useParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { paymentRoutes, type CardPaymentStart, type FeeLineItemData } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { formatMoney } from "../../i18n/format";
import { ApiCallError, call } from "../../api/client";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { RemoteData } from "../../ui/RemoteData";
import { useStartup } from "../../ui/startup";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { notifyResult } from "../../ui/form";
import { CardPaymentForm } from "./CardPaymentForm";
import { paymentCatalogs, useFees } from "./queries";

/**
 * The payment-required page (client spec §2; candidate spec §2 "tests requiring purchase"):
 * /testing/payment/{a|s}{id}/purchase. The candidate's unpaid fees of that test's employer with
 * checkboxes (the test of the address chosen), the total, Pay Now, the card form; paid, the test
 * is takeable and the candidate is back on Take a Test.
 */
export default function PurchasePage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const { ref = "" } = useParams();
  const fees = useFees(ref);
  return (
    <>
      <PageHeader title={t("payments.purchase.title")} breadcrumbs={[home, testing, { label: t("takeTest.title"), to: "/testing/tests" }]} />
      <RemoteData
        query={fees}
        isEmpty={(d) => d.items.length === 0}
        empty={<Text>{t("payments.purchase.empty")}</Text>}
        renderError={(err) => (err instanceof ApiCallError && (err.status === 404 || err.status === 400) ? <NotPayable /> : undefined)}
      >
        {(data) => <FeeSelection items={data.items} initial={data.selected} accountName={data.accountName} />}
      </RemoteData>
    </>
  );
}

function NotPayable() {
  const { t } = useTranslation();
  return (
    // The light yellow's own title colour is below 4.5:1 on its background: the title is dark grey.
    <Alert color="yellow" variant="light" title={t("payments.purchase.notPayableTitle")} styles={{ title: { color: "var(--mantine-color-gray-9)" } }}>
      <Stack gap="xs">
        <Text>{t("payments.purchase.notPayable")}</Text>
        <Button component={Link} to="/testing/tests" variant="light" w="fit-content">
          {t("payments.purchase.backToTests")}
        </Button>
      </Stack>
    </Alert>
  );
}

function FeeSelection({ items, initial, accountName }: { items: FeeLineItemData[]; initial: string[]; accountName: string | null }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useApiErrorText(paymentCatalogs);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(initial.length > 0 ? initial : items.map((i) => i.id)));
  const [payment, setPayment] = useState<CardPaymentStart | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const total = items.filter((i) => chosen.has(i.id)).reduce((sum, i) => sum + i.amountCents, 0);

  const toggle = (id: string, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const payNow = async () => {
    setError(null);
    setStarting(true);
    try {
      setPayment(await call(paymentRoutes.start, { itemIds: items.filter((i) => chosen.has(i.id)).map((i) => i.id) }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setStarting(false);
    }
  };

  const paid = async () => {
    await queryClient.invalidateQueries({ queryKey: ["take-a-test"] });
    await queryClient.invalidateQueries({ queryKey: ["payments"] });
    notifyResult(t("payments.purchase.paid"), true);
    void navigate("/testing/tests");
  };

  return (
    <Stack gap="md">
      {accountName && <Text>{t("payments.purchase.employer", { name: accountName })}</Text>}
      <Paper withBorder radius="md">
        <Table>
          <Table.Caption>{t("payments.purchase.caption")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("payments.purchase.pay")}</Table.Th>
              <Table.Th>{t("payments.purchase.description")}</Table.Th>
              <Table.Th ta="right">{t("payments.purchase.amount")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Checkbox
                    checked={chosen.has(item.id)}
                    disabled={payment !== null}
                    onChange={(e) => toggle(item.id, e.currentTarget.checked)}
                    aria-label={t("payments.purchase.choose", { description: item.description })}
                  />
                </Table.Td>
                <Table.Td>{item.description}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.amountCents, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t("payments.purchase.total")}</Table.Th>
              <Table.Th ta="right" aria-live="polite">
                {formatMoney(total, language)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Paper>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {payment ? (
        <Paper withBorder p="md" radius="md">
          <CardPaymentForm payment={payment} onPaid={() => void paid()} onCancel={() => setPayment(null)} />
        </Paper>
      ) : (
        <Group>
          <Button onClick={() => void payNow()} loading={starting} disabled={chosen.size === 0}>
            {t("payments.purchase.payNow")}
          </Button>
          {chosen.size === 0 && <Text size="sm">{t("payments.purchase.chooseOne")}</Text>}
        </Group>
      )}
    </Stack>
  );
}
