import { useState } from "react";
import { Alert, Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { AnswerStore } from "./useAnswerStore";
import type { OfferReason } from "./DeliveryFileOffer";
import { loadSealing } from "./sealing";

const WHY = { deadline: "taking.delivery.offer.whyDeadline", stale: "taking.delivery.offer.whyStale", notKept: "taking.delivery.offer.whyNotKept" } as const;

/**
 * "Save my answers to a file" (issue 27): when the server has not acknowledged for a while, and
 * always once the deadline has passed offline. Seals the journal in the browser and downloads it;
 * says why, and when the browser keeps nothing (no IndexedDB) that the file is the only copy.
 */
export function DeliveryFileOfferBody({ store, pastDeadline, reason }: { store: AnswerStore; pastDeadline: boolean; reason: OfferReason }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<{ name: string; count: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onlyCopy = !store.persistent || !store.journalState.persistent;

  const save = async () => {
    const setup = store.journal.setup;
    if (!setup) return;
    setBusy(true);
    setFailed(null);
    try {
      const chain = await store.journal.chain();
      const { downloadFile, sealJournal } = await loadSealing();
      const file = await sealJournal(setup, chain, store.journal.submitted || pastDeadline);
      downloadFile(file.name, file.text);
      setSaved({ name: file.name, count: chain.events.length });
    } catch (err) {
      setFailed(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert component="section" color="orange" variant="light" aria-labelledby="delivery-offer-title" data-testid="delivery-offer">
      <Stack gap="xs">
        {/* The title as text of the body's colour: the light alert's own title colour is too pale on orange. */}
        <Text fw={700} id="delivery-offer-title">
          {t("taking.delivery.offer.title")}
        </Text>
        <Text size="sm">{t(WHY[reason])}</Text>
        {onlyCopy && (
          <Text size="sm" fw={600} c="red.8">
            {t("taking.delivery.offer.onlyCopy")}
          </Text>
        )}
        <div>
          <Button onClick={() => void save()} loading={busy}>
            {t("taking.delivery.offer.button")}
          </Button>
        </div>
        {saved && (
          <Text size="sm" role="status">
            {t("taking.delivery.offer.saved", { name: saved.name, count: saved.count })}
          </Text>
        )}
        {failed && (
          <Text size="sm" c="red.8" role="alert">
            {t("taking.delivery.offer.failed", { reason: failed })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
