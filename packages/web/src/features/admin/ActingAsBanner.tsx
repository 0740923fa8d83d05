import { useState } from "react";
import { Alert, Button, Group, Text } from "@mantine/core";
import { adminRoutes } from "@parlance/contract";
import { call } from "../../api/client";
import { useTranslation } from "../../i18n";
import { useStartup } from "../../ui/startup";
import { withTheme } from "../../ui/ThemeProvider";

/**
 * Shown on every screen while an impersonator acts as the signed-in user (startup.impersonatedBy):
 * who is acting as whom, and the way back (POST /api/impersonation/stop, then a fresh page load).
 */
function ActingAsBanner() {
  const { t } = useTranslation();
  const { startup } = useStartup();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const by = startup.impersonatedBy;
  if (!by) return null;

  async function goBack() {
    setBusy(true);
    setFailed(false);
    try {
      const res = await call(adminRoutes.stopImpersonating, {});
      window.location.assign(res.redirect);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  return (
    <Alert color="orange" variant="filled" mb="md" role="region" aria-label={t("actingAs.label")}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={500} c="black">
          {t("actingAs.text", { name: startup.userFlags?.firstName ?? "", email: startup.userFlags?.username ?? "", impersonator: by.name, impersonatorEmail: by.email })}
        </Text>
        <Button size="xs" variant="white" color="dark" onClick={() => void goBack()} loading={busy}>
          {t("actingAs.back")}
        </Button>
      </Group>
      {failed && (
        <Text size="sm" c="black" role="alert" mt="xs">
          {t("actingAs.failed")}
        </Text>
      )}
    </Alert>
  );
}

export default withTheme(ActingAsBanner);
