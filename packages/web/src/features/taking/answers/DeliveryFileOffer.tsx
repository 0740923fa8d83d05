import { useEffect, useState } from "react";
import type { ComponentType } from "react";
import type { AnswerStore } from "./useAnswerStore";

/** The server has not acknowledged for this long (and the network is down): the file is offered. */
export const OFFER_AFTER_MS = 60_000;

export type OfferReason = "deadline" | "stale" | "notKept";

/** Whether the test page offers the file now, and why (pure: unit-tested). */
export function offerReason(
  s: { status: string; persistent: boolean },
  j: { ready: boolean; pending: number; lastAckAt: number; persistent: boolean; events: number },
  pastDeadline: boolean,
  now: number,
): OfferReason | null {
  if (!j.ready || j.events === 0 || (s.status !== "offline" && s.status !== "error")) return null;
  if (pastDeadline) return "deadline";
  if (j.pending === 0) return null;
  // The browser keeps nothing (no IndexedDB): at once, and without saying the answers are kept.
  if (!j.persistent || !s.persistent) return "notKept";
  return now - j.lastAckAt >= OFFER_AFTER_MS ? "stale" : null;
}

type Body = ComponentType<{ store: AnswerStore; pastDeadline: boolean; reason: OfferReason }>;
let body: Body | undefined;
let loading: Promise<Body> | null = null;
/**
 * The offer's screen and its sealing download after the test's first page is drawn (TestInProgress
 * preloads both), not with it: a page that loaded them keeps them when the network goes later.
 */
export function loadDeliveryOffer(): Promise<Body> {
  loading ??= import("./DeliveryFileOfferBody").then(
    (m) => (body = m.DeliveryFileOfferBody),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * "Save my answers to a file" (issue 27): when the server has not acknowledged for a while, and
 * always once the deadline has passed offline. Decides here whether to offer it (every 5 s); the
 * offer itself (DeliveryFileOfferBody) seals the journal and downloads it. No React.lazy: a body
 * that cannot be downloaded any more must not throw into the test page.
 */
export function DeliveryFileOffer({ store, pastDeadline }: { store: AnswerStore; pastDeadline: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  const [Loaded, setLoaded] = useState<Body | undefined>(() => body);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  const reason = offerReason(store, store.journalState, pastDeadline, now);
  useEffect(() => {
    if (reason && !Loaded) void loadDeliveryOffer().then((b) => setLoaded(() => b), () => undefined);
  }, [reason, Loaded, now]);
  if (!reason || !Loaded) return null;
  return <Loaded store={store} pastDeadline={pastDeadline} reason={reason} />;
}
