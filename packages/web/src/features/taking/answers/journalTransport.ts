import { MAX_EVENTS_PER_SAVE } from "@parlance/contract";
import type { Journal } from "./journal";
import type { Transport } from "./transport";

/**
 * The save path carrying the journal (issue 27): each save and submit takes the events not yet
 * acknowledged beside its answers; the server keeps every one it is sent, so a save that got
 * through acknowledges them. A submit marks the journal submitted first: if it never reaches the
 * server, the sealed file says the candidate submitted.
 */
export function journalTransport(inner: Transport, journal: Journal): Transport {
  const sent = (events: { seq: number }[]) => events.reduce((m, e) => Math.max(m, e.seq), -1);
  return {
    async save(body, options) {
      const events = await journal.unsent(MAX_EVENTS_PER_SAVE);
      const out = await inner.save({ ...body, events }, options);
      journal.ack(sent(events));
      return out;
    },
    async submit(body) {
      journal.markSubmitted();
      // More events than one request carries (a long spell offline, typed key by key): saved first.
      let events = await journal.unsent(MAX_EVENTS_PER_SAVE + 1);
      while (events.length > MAX_EVENTS_PER_SAVE) {
        const batch = events.slice(0, MAX_EVENTS_PER_SAVE);
        await inner.save({ id: body.id, candidate_test_items: [], events: batch });
        journal.ack(sent(batch));
        events = await journal.unsent(MAX_EVENTS_PER_SAVE + 1);
      }
      const out = await inner.submit({ ...body, events });
      journal.forget();
      return out;
    },
  };
}
