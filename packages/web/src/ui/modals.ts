import { openConfirmModal, type OpenConfirmModal } from "@mantine/modals";

let hostReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => (hostReady = resolve));

/** Called by ModalsHost once its ModalsProvider listens for dialogs. */
export function modalsHostReady(): void {
  hostReady();
}

/**
 * Opens a confirmation dialog. The dialogs' host is downloaded after the first screen (App.tsx), so a
 * dialog asked for before it listens (a page that asks at once, like /noshow) waits for it.
 */
export function openConfirm(modal: OpenConfirmModal): void {
  void ready.then(() => openConfirmModal(modal));
}
