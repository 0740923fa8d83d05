import { useState } from "react";
import { Group, Modal, UnstyledButton } from "@mantine/core";
import { useTranslation } from "../../i18n";

export interface Screenshot {
  src: string;
  caption: string;
}

/**
 * A section's screenshots as thumbnails; each opens full size in a dialog (the lightbox): labelled
 * by its caption, closed by its button or Escape, the focus back on the thumbnail afterwards.
 */
export function Screenshots({ shots }: { shots: readonly Screenshot[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Screenshot | null>(null);
  return (
    <>
      <Group gap="sm" mt="sm">
        {shots.map((s) => (
          <UnstyledButton
            key={s.src}
            onClick={() => setOpen(s)}
            aria-label={t("help.enlarge", { caption: s.caption })}
            style={{ border: "1px solid var(--mantine-color-gray-4)", borderRadius: 6, overflow: "hidden", lineHeight: 0, maxWidth: "100%" }}
          >
            <img src={s.src} alt="" width={320} height={200} loading="lazy" style={{ objectFit: "cover", objectPosition: "top left", maxWidth: "100%", height: "auto" }} />
          </UnstyledButton>
        ))}
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.caption} size="min(1100px, 96vw)" closeButtonProps={{ "aria-label": t("help.closeScreenshot") }} centered>
        {open && <img src={open.src} alt={open.caption} style={{ width: "100%", height: "auto", display: "block" }} />}
      </Modal>
    </>
  );
}
