import { useState } from "react";
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { translationChargeCompletePath, translationChargeMessages, translationChargeRoutes, type CardCharge, type CardPaymentStart } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { call } from "../../../api/client";
import { formatMoney, formatDateTime } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { useStartup } from "../../../ui/startup";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { CardPaymentForm } from "../index";
import { chargeKey, useCharge } from "./useCharge";

const catalogs = { "billing.translation.messages": translationChargeMessages };

/**
 * /translation/projects/charge/{id}: a translation project's charge (sale number, description,
 * amount) paid by card; then its payment-complete page.
 */
export default function ChargeProjectPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const { home } = useStandardCrumbs();
  const errorText = useApiErrorText(catalogs);
  const query = useCharge(id);
  return (
    <>
      <PageHeader title={t("billing.translation.title")} breadcrumbs={[home]} />
      <RemoteData
        query={query}
        renderError={(err) => (
          <Alert color="red" variant="light" role="alert" title={t("billing.translation.loadFailed")}>
            {errorText(err)}
          </Alert>
        )}
      >
        {(charge) => <ChargeDetail charge={charge} />}
      </RemoteData>
    </>
  );
}

export function ChargeFacts({ charge }: { charge: CardCharge }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const fact = (label: string, value: string) => (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {value}
      </Text>
    </div>
  );
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" m={0}>
      {fact(t("billing.translation.saleNumber"), charge.saleNumber)}
      {fact(t("billing.fields.accountName"), charge.accountName)}
      {fact(t("billing.translation.description"), charge.description)}
      {fact(t("billing.translation.amount"), formatMoney(charge.amount, language))}
      {charge.paidAt && fact(t("billing.translation.paidAt"), formatDateTime(charge.paidAt, language))}
    </SimpleGrid>
  );
}

function ChargeDetail({ charge }: { charge: CardCharge }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useApiErrorText(catalogs);
  const [payment, setPayment] = useState<CardPaymentStart | null>(null);
  const start = useMutation({ mutationFn: () => call(translationChargeRoutes.pay, {}, { id: charge.id }), onSuccess: setPayment });
  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <ChargeFacts charge={charge} />
      </Paper>
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t("billing.translation.payTitle")}
          </Title>
          {charge.paidAt ? (
            <Text>
              {t("billing.translation.messages.alreadyPaid")}{" "}
              <Anchor component={Link} to={translationChargeCompletePath(charge.id)} underline="always">
                {t("billing.translation.completeLink")}
              </Anchor>
            </Text>
          ) : payment ? (
            <CardPaymentForm
              payment={payment}
              onPaid={async () => {
                await queryClient.invalidateQueries({ queryKey: chargeKey(String(charge.id)) });
                void navigate(translationChargeCompletePath(charge.id));
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
