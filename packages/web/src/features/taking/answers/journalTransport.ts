import { MAX_EVENTS_PER_SAVE, takingRoutes } from "@parlance/contract";
import { call } from "../../../api/client";
import type { Journal } from "./journal";
import { loadSealing } from "./sealing";
import type { SubmitOutput, Transport } from "./transport";

/**
 * The save path carrying the journal (issue 27): each save and submit takes the events not yet
 * acknowledged beside its answers; the server keeps every one it is sent, so a save that got
 * through acknowledges them. A submit marks the journal submitted first: if it never reaches the
 * server, the sealed file says the candidate submitted. When the submit answers a chain head other
 * than ours (the deadline submitted the attempt while this browser was offline), the browser
 * delivers its sealed journal itself before forgetting it: the candidate's upload on reconnecting.
 */
export function journalTransport(inner: Transport, journal: Journal, deliver = deliverSealed): Transport {
  const sent = (events: { seq: number }[]) => events.reduce((m, e) => Math.max(m, e.seq), -1);
  return {
    async save(body, options) {
      // A keepalive request (the page going away) is capped at 64 KiB by browsers: answers only;
      // the events stay in the journal for the next save.
      const events = options?.keepalive ? [] : await journal.unsent(MAX_EVENTS_PER_SAVE);
      const out = await inner.save({ ...body, events }, options);
      journal.serverTime(out.server_time);
      journal.ack(sent(events));
      return out;
    },
    async submit(body) {
      journal.markSubmitted();
      // More events than one request carries (a long spell offline, typed key by key): saved first.
      let events = await journal.unsent(MAX_EVENTS_PER_SAVE);
      while (journal.getSnapshot().pending > events.length) {
        await inner.save({ id: body.id, candidate_test_items: [], events });
        journal.ack(sent(events));
        events = await journal.unsent(MAX_EVENTS_PER_SAVE);
      }
      let out: SubmitOutput = await inner.submit({ ...body, events });
      const { head } = await journal.chain();
      if (journal.setup && out.journal_head && out.journal_head !== head && journal.getSnapshot().events > 0) {
        const delivered = await deliver(body.id, journal);
        out = {
          ...out,
          receipt: delivered.receipt ?? out.receipt,
          answers_digest: delivered.answers_digest ?? out.answers_digest,
          journal_head: delivered.journal_head ?? out.journal_head,
          journal_events: delivered.journal_events,
        };
      }
      await journal.finish();
      return out;
    },
  };
}

/** Seals the journal and uploads it as the candidate (deliver_file). */
async function deliverSealed(assignedTestId: number, journal: Journal) {
  const { sealJournal } = await loadSealing();
  const file = await sealJournal(journal.setup!, await journal.chain(), true);
  return call(takingRoutes.deliver, { file: file.text }, { id: assignedTestId });
}
