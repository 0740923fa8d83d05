import { useTranslation } from "../../../i18n";
import { useStandardCrumbs, type Crumb } from "../../../ui/Breadcrumbs";

export const INVOICES_PATH = "/account/invoices";

/** Home › Invoices: the ancestors of an invoice's page. */
export function useInvoiceCrumbs(): Crumb[] {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  return [home, { label: t("billing.list.title"), to: INVOICES_PATH }];
}
