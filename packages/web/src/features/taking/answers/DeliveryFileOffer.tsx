import { useEffect, useState } from "react";
import { Alert, Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { AnswerStore } from "./useAnswerStore";
import { loadSealing } from "./sealing";

/** The server has not acknowledged for this long (and the network is down): the file is offered. */
export const OFFER_AFTER_MS = 60_000;

/** Whether the test page offers the file now, and why (pure: unit-tested). */
export function offerReason(
  s: { status: string; persistent: boolean },
  j: { ready: boolean; pending: number; lastAckAt: number; persistent: boolean; events: number },
  pastDeadline: boolean,
  now: number,
): "deadline" | "stale" | "notKept" | null {
  if (!j.ready || j.events === 0 || (s.status !== "offline" && s.status !== "error")) return null;
  if (pastDeadline) return "deadline";
  if (j.pending === 0) return null;
  // The browser keeps nothing (no IndexedDB): at once, and without saying the answers are kept.
  if (!j.persistent || !s.persistent) return "notKept";
  return now - j.lastAckAt >= OFFER_AFTER_MS ? "stale" : null;
}

const WHY = { deadline: "taking.delivery.offer.whyDeadline", stale: "taking.delivery.offer.whyStale", notKept: "taking.delivery.offer.whyNotKept" } as const;

/**
 * "Save my answers to a file" (issue 27): when the server has not acknowledged for a while, and
 * always once the deadline has passed offline. Seals the journal in the browser and downloads it;
 * says why, and when the browser keeps nothing (no IndexedDB) that the file is the only copy.
 */
export function DeliveryFileOffer({ store, pastDeadline }: { store: AnswerStore; pastDeadline: boolean }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const [saved, setSaved] = useState<{ name: string; count: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  const reason = offerReason(store, store.journalState, pastDeadline, now);
  if (!reason) return null;
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
