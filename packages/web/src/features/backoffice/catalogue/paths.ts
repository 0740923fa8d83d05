import { useTranslation } from "../../../i18n";
import { useStandardCrumbs, type Crumb } from "../../../ui/Breadcrumbs";

/** The back office's test catalogue (issue 17 point 2), under the administration hub /admin. */
export const TESTS_PATH = "/admin/tests";
export const NEW_TEST_PATH = "/admin/tests/new";
export const testPath = (id: number) => `/admin/tests/${id}`;
export const editTestPath = (id: number) => `/admin/tests/${id}/edit`;

/** A route's :id as a record id, or null (shown as not found). */
export function parseTestId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** Home / Administration / Test catalogue: the ancestors of the catalogue's screens below the list. */
export function useCatalogueCrumbs(withList = true): Crumb[] {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const crumbs: Crumb[] = [home, { label: t("newsAdmin.hub.title"), to: "/admin" }];
  return withList ? [...crumbs, { label: t("boCatalogue.title"), to: TESTS_PATH }] : crumbs;
}
