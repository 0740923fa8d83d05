import { Alert, Anchor } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { Link } from "react-router";
import { ApiCallError } from "../../api/client";
import { PageHeader } from "../../ui/PageHeader";
import { SETTINGS_PATH, useSettingsCrumbs } from "./crumbs";

/** The API answers 404 for an unknown office and for one outside the caller's reach alike. */
export const isNotFound = (err: unknown) => err instanceof ApiCallError && err.status === 404;

export function OfficeNotFound() {
  const { t } = useTranslation();
  const crumbs = useSettingsCrumbs();
  return (
    <>
      <PageHeader title={t("offices.notFound.title")} breadcrumbs={crumbs} />
      <Alert color="gray" variant="light" role="status">
        {t("offices.messages.notFound")}{" "}
        <Anchor component={Link} to={SETTINGS_PATH}>
          {t("offices.notFound.back")}
        </Anchor>
      </Alert>
    </>
  );
}
