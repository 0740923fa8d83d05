import { Alert, Anchor } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { Link } from "react-router";
import { ApiCallError } from "../../api/client";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { CANDIDATES_PATH } from "./paths";

/** The API answers 404 for an unknown candidate and for one outside the caller's reach alike. */
export const isNotFound = (err: unknown) => err instanceof ApiCallError && err.status === 404;

export function CandidateNotFound() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  return (
    <>
      <PageHeader title={t("candidates.notFoundTitle")} breadcrumbs={[home, testing, { label: t("candidates.title"), to: CANDIDATES_PATH }]} />
      <Alert color="gray" variant="light" role="status">
        {t("candidates.notFound")}{" "}
        <Anchor component={Link} to={CANDIDATES_PATH}>
          {t("candidates.backToList")}
        </Anchor>
      </Alert>
    </>
  );
}
