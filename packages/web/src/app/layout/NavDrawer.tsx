import { Divider, Drawer, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { useStartup } from "../../ui/startup";
import type { NavLinkDef } from "../../ui/links";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { NavLinks } from "./MainNav";
import { withTheme } from "../../ui/ThemeProvider";

/** The phone navigation: its own chunk, loaded when the burger is first used (Drawer brings Modal, scroll lock, focus trap). */
function NavDrawer({ opened, onClose, main, account }: { opened: boolean; onClose: () => void; main: NavLinkDef[]; account: NavLinkDef[] }) {
  const { t } = useTranslation();
  const { startup, signedIn } = useStartup();
  return (
    <Drawer opened={opened} onClose={onClose} title={t("shell.productName")} size="xs" hiddenFrom="md" closeButtonProps={{ "aria-label": t("shell.closeNavigation") }}>
      <Stack gap="md">
        {signedIn && startup.userFlags && <Text fw={600}>{t("shell.greeting", { name: startup.userFlags.firstName })}</Text>}
        <NavLinks links={main} vertical label={t("shell.mainNavigation")} />
        {main.length > 0 && <Divider />}
        <NavLinks links={account} vertical label={t("shell.accountNavigation")} />
        <Divider />
        <LanguageSwitcher fullWidth />
      </Stack>
    </Drawer>
  );
}

export default withTheme(NavDrawer);
