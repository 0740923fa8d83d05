import { useEffect } from "react";
import { ModalsProvider } from "@mantine/modals";
import { modalsHostReady } from "./modals";
import { withTheme } from "./ThemeProvider";

/** Renders the dialogs of ui/modals.ts openConfirm: its own chunk (Modal, focus trap, scroll lock), loaded after the first screen. */
function ModalsHost() {
  return (
    <>
      <ModalsProvider />
      {/* After ModalsProvider: sibling effects run in order, so its listeners are in place. */}
      <Ready />
    </>
  );
}

function Ready() {
  useEffect(modalsHostReady, []);
  return null;
}

export default withTheme(ModalsHost);
