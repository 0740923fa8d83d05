import { useTranslation } from "../../../i18n";
import { useStandardCrumbs, type Crumb } from "../../../ui/Breadcrumbs";

/** The prepay screens (client spec §2). */
export const PREPAY_PATH = "/testing/prepay";
export const PREPAY_TERMS_PATH = "/testing/prepay/terms";
export const prepayThankYouPath = (invoiceId: number) => `/testing/prepay/thank_you/${invoiceId}`;

/** Home › Language Testing › Prepay tests. */
export function usePrepayCrumbs(withOrder = true): Crumb[] {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  return withOrder ? [home, testing, { label: t("billing.prepay.orderTitle"), to: PREPAY_PATH }] : [home, testing];
}
