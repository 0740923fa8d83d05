import { Anchor, Text } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { ApiCallError } from "../../api/client";
import { ACCOUNTS_PATH, EVALUATORS_PATH, STAFF_PATH, useAdminCrumbs } from "./paths";

const BACK = { account: ACCOUNTS_PATH, staff: STAFF_PATH, evaluator: EVALUATORS_PATH } as const;

/** A missing record, or a malformed id the server refuses (400): both read as not found. */
export const isNotFound = (err: unknown) => err instanceof ApiCallError && (err.status === 404 || err.status === 400);

/** A back-office record that does not exist (or a malformed id): said plainly, with the way back to its list. */
export function NotFoundNotice({ kind }: { kind: keyof typeof BACK }) {
  const { t } = useTranslation();
  const crumbs = useAdminCrumbs();
  return (
    <>
      <PageHeader title={t(`backofficeAccounts.notFound.${kind}`)} breadcrumbs={crumbs} />
      <Text>
        <Anchor component={Link} to={BACK[kind]}>
          {t(`backofficeAccounts.notFound.${kind}Back`)}
        </Anchor>
      </Text>
    </>
  );
}
