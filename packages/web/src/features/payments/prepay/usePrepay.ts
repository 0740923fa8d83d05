import { useQuery } from "@tanstack/react-query";
import { prepayRoutes } from "@parlance/contract";
import { call } from "../../../api/client";
import { useTranslation } from "../../../i18n";
import { useStandardCrumbs, type Crumb } from "../../../ui/Breadcrumbs";

export const PREPAY_PATH = "/testing/prepay";
export const PREPAY_TERMS_PATH = "/testing/prepay/terms";
export const prepayThankYouPath = (invoiceId: number) => `/testing/prepay/thank_you/${invoiceId}`;
export const prepayKey = ["prepay", "terms"] as const;

/** The account's prepay state: whether it is prepay, the terms' acceptance and the tests it may order. */
export function usePrepay() {
  return useQuery({ queryKey: prepayKey, queryFn: ({ signal }) => call(prepayRoutes.page, {}, undefined, { signal }) });
}

/** Home › Language Testing › Prepay tests. */
export function usePrepayCrumbs(withOrder = true): Crumb[] {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  return withOrder ? [home, testing, { label: t("billing.prepay.orderTitle"), to: PREPAY_PATH }] : [home, testing];
}
