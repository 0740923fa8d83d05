import { Alert, Anchor, Paper, Stack, Text } from "@mantine/core";
import { Link, useParams } from "react-router";
import { SUPPORT_PHONES, translationChargeMessages, translationChargePath } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatMoney } from "../../../i18n/format";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { useStartup } from "../../../ui/startup";
import { PaymentPageFrame } from "../PaymentPageFrame";
import { ChargeFacts } from "./ChargeProjectPage";
import { useCharge } from "./queries";

const catalogs = { "billing.translation.messages": translationChargeMessages };

/** /translation/projects/charge/{id}/complete: the project's payment-complete page, as the server recorded it. */
export default function ChargeCompletePage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const { id = "" } = useParams();
  const { home } = useStandardCrumbs();
  const query = useCharge(id);
  return (
    <PaymentPageFrame title={t("billing.translation.completeTitle")} breadcrumbs={[home]} query={query} loadFailed={t("billing.translation.loadFailed")} catalogs={catalogs}>
      {(charge) => (
        <Paper withBorder p={{ base: "md", sm: "lg" }} maw={760}>
          <Stack gap="md">
            {charge.paidAt ? (
              <Alert color="green" variant="light" role="status">
                {t("billing.translation.complete", { amount: formatMoney(charge.amount, language), saleNumber: charge.saleNumber })}
              </Alert>
            ) : (
              <Alert color="yellow" variant="light" role="status">
                {t("billing.translation.notYetPaid")}{" "}
                <Anchor component={Link} to={translationChargePath(charge.id)} underline="always">
                  {t("billing.translation.backToCharge")}
                </Anchor>
              </Alert>
            )}
            <ChargeFacts charge={charge} />
            <Text size="sm">{t("billing.translation.questions", { phone: SUPPORT_PHONES.translation })}</Text>
          </Stack>
        </Paper>
      )}
    </PaymentPageFrame>
  );
}
