import { Alert, Stack } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { withTheme } from "../../ui/ThemeProvider";

export interface Banner {
  id: string;
  kind: "notice" | "error";
  text: string;
  onClose(): void;
}

/** The banners as closable alerts above the page (Banners.tsx decides which there are). */
function BannerList({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" mb="md">
      {banners.map((b) => (
        <Alert
          key={b.id}
          color={b.kind === "error" ? "red" : "blue"}
          variant="light"
          role={b.kind === "error" ? "alert" : "status"}
          withCloseButton
          closeButtonLabel={t("common.close")}
          onClose={b.onClose}
        >
          {b.text}
        </Alert>
      ))}
    </Stack>
  );
}

export default withTheme(BannerList);
