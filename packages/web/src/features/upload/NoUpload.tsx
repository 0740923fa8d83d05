import { Link } from "react-router";
import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { UPLOAD_PATH } from "./paths";

/** A preview or confirmation opened without an upload of this tab (a reload, a bookmark). */
export function NoUpload({ title }: { title: string }) {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  return (
    <>
      <PageHeader title={title} breadcrumbs={[home, testing]} />
      <Stack gap="sm" align="flex-start">
        <Text>{t("upload.noUpload")}</Text>
        <Button component={Link} to={UPLOAD_PATH}>
          {t("upload.title")}
        </Button>
      </Stack>
    </>
  );
}
