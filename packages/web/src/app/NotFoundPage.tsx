import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "../i18n";
import { Link } from "react-router";
import { PageHeader } from "../ui/PageHeader";
import { withTheme } from "../ui/ThemeProvider";

/** Any unknown path, and a screen the user may not open (it reads as not found, as the API does). */
function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <PageHeader title={t("notFound.title")} />
      <Text>{t("notFound.text")}</Text>
      <Button component={Link} to="/">
        {t("notFound.home")}
      </Button>
    </Stack>
  );
}

export default withTheme(NotFoundPage);
