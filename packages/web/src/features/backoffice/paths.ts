import { useTranslation } from "../../i18n";
import { useStandardCrumbs, type Crumb } from "../../ui/Breadcrumbs";

/** The back office's screens (issue 17 point 2), under the administration hub /admin. */
export const ADMIN_PATH = "/admin";
export const ACCOUNTS_PATH = "/admin/accounts";
export const NEW_ACCOUNT_PATH = "/admin/accounts/new";
export const accountPath = (id: number) => `/admin/accounts/${id}`;
export const editAccountPath = (id: number) => `/admin/accounts/${id}/edit`;
export const STAFF_PATH = "/admin/staff";
export const NEW_STAFF_PATH = "/admin/staff/new";
export const staffPath = (id: number) => `/admin/staff/${id}`;
export const EVALUATORS_PATH = "/admin/evaluators";
export const NEW_EVALUATOR_PATH = "/admin/evaluators/new";
export const evaluatorPath = (id: number) => `/admin/evaluators/${id}`;

/** A route's :id as a record id, or null (shown as not found). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** Home / Administration: the ancestors of every back-office screen. */
export function useAdminCrumbs(): Crumb[] {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  return [home, { label: t("newsAdmin.hub.title"), to: ADMIN_PATH }];
}
