import { Anchor, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { translationChargeCompletePath, translationChargeMessages, translationChargeRoutes, type CardCharge } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { call } from "../../../api/client";
import { formatMoney, formatDateTime } from "../../../i18n/format";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { useStartup } from "../../../ui/startup";
import { PaymentPageFrame } from "../PaymentPageFrame";
import { PayByCardPanel } from "../PayByCardPanel";
import { chargeKey, useCharge } from "./queries";

const catalogs = { "billing.translation.messages": translationChargeMessages };

/**
 * /translation/projects/charge/{id}: a translation project's charge (sale number, description,
 * amount) paid by card; then its payment-complete page.
 */
export default function ChargeProjectPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const { home } = useStandardCrumbs();
  const query = useCharge(id);
  return (
    <PaymentPageFrame title={t("billing.translation.title")} breadcrumbs={[home]} query={query} loadFailed={t("billing.translation.loadFailed")} catalogs={catalogs}>
      {(charge) => <ChargeDetail charge={charge} />}
    </PaymentPageFrame>
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
  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <ChargeFacts charge={charge} />
      </Paper>
      <PayByCardPanel
        title={t("billing.translation.payTitle")}
        catalogs={catalogs}
        p={{ base: "md", sm: "lg" }}
        nothingToPay={
          charge.paidAt && (
            <Text>
              {t("billing.translation.messages.alreadyPaid")}{" "}
              <Anchor component={Link} to={translationChargeCompletePath(charge.id)} underline="always">
                {t("billing.translation.completeLink")}
              </Anchor>
            </Text>
          )
        }
        start={() => call(translationChargeRoutes.pay, {}, { id: charge.id })}
        onPaid={async () => {
          await queryClient.invalidateQueries({ queryKey: chargeKey(String(charge.id)) });
          void navigate(translationChargeCompletePath(charge.id));
        }}
      />
    </Stack>
  );
}
