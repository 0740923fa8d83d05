import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { eventHash, genesisOf } from "@parlance/contract";
import { Journal } from "./journal";
import { journalSetupFor } from "./journalSetup.testing";
import { journalTransport } from "./journalTransport";
import { attemptKey, MemoryAnswers, openLocalAnswers } from "./localAnswers";
import { offerReason, OFFER_AFTER_MS } from "./DeliveryFileOffer";
import type { ProgressBody, Transport } from "./transport";

/** The answer journal (issue 27): its chain, what the saves carry and acknowledge, what survives a reload. */

const setupFor = journalSetupFor;

describe("the journal", () => {
  it("chains every change from the genesis by the format's hash rule", async () => {
    const j = new Journal(() => Promise.resolve(new MemoryAnswers()), () => 1000);
    await j.open(await setupFor(7));
    j.append("q1", "a", 10);
    j.append("q8", "line one\nline two", 20);
    j.append("q1", "b", 30);
    const { events, head } = await j.chain();
    expect(events[0].prev).toBe(await genesisOf(7));
    expect(events[1].prev).toBe(await eventHash(events[0]));
    expect(events[2].prev).toBe(await eventHash(events[1]));
    expect(head).toBe(await eventHash(events[2]));
    expect(events.map((e) => [e.seq, e.item, e.response, e.t])).toEqual([
      [10, "q1", "a", 1000],
      [20, "q8", "line one\nline two", 1000],
      [30, "q1", "b", 1000],
    ]);
  });

  it("a save carries the unacknowledged events and, once through, acknowledges them; a failed save leaves them", async () => {
    const j = new Journal(() => Promise.resolve(new MemoryAnswers()));
    await j.open(await setupFor(8));
    const sent: ProgressBody[] = [];
    let down = false;
    const inner: Transport = {
      save: (body) => (sent.push(body), down ? Promise.reject(new Error("offline")) : Promise.resolve({ saved: [], time_limit: null })),
      submit: () => Promise.reject(new Error("unused")),
    };
    const transport = journalTransport(inner, j);
    j.append("q1", "a", 10);
    j.append("q1", "b", 20);
    await transport.save({ id: 1, candidate_test_items: [] });
    expect(sent[0].events?.map((e) => e.seq)).toEqual([10, 20]);
    expect(j.getSnapshot().pending).toBe(0);
    j.append("q1", "c", 30);
    down = true;
    await expect(transport.save({ id: 1, candidate_test_items: [] })).rejects.toThrow();
    expect(j.getSnapshot().pending).toBe(1);
    down = false;
    await transport.save({ id: 1, candidate_test_items: [] });
    expect(sent[2].events?.map((e) => e.seq)).toEqual([30]);
    expect(sent[2].events?.[0].prev).toBe(await eventHash((await j.chain()).events[1]));
  });

  it("survives a reload in IndexedDB: the same chain, acknowledgements and submitted flag", async () => {
    const key = attemptKey("journal.reload@example.com", 3);
    const setup = await setupFor(9);
    const first = new Journal(() => openLocalAnswers(key));
    await first.open(setup);
    first.append("q1", "a", 10);
    first.ack(10);
    first.append("q8", "essay", 20);
    first.markSubmitted();
    const before = await first.chain();
    await new Promise((r) => setTimeout(r, 50));
    const again = new Journal(() => openLocalAnswers(key));
    await again.open(setup);
    expect(await again.chain()).toEqual(before);
    expect(again.getSnapshot()).toMatchObject({ pending: 1, events: 2 });
    expect(again.submitted).toBe(true);
  });

  it("offers the file after a minute without acknowledgement offline, at once past the deadline offline, never online", () => {
    const j = { ready: true, pending: 2, lastAckAt: 0, persistent: true, events: 2 };
    const s = { status: "offline", persistent: true };
    expect(offerReason(s, j, false, OFFER_AFTER_MS - 1)).toBeNull();
    expect(offerReason(s, j, false, OFFER_AFTER_MS)).toBe("stale");
    // A browser that keeps nothing (no IndexedDB) offers it at once, with its own reason.
    expect(offerReason(s, { ...j, persistent: false }, false, 1)).toBe("notKept");
    expect(offerReason({ ...s, persistent: false }, j, false, 1)).toBe("notKept");
    expect(offerReason(s, { ...j, persistent: false, pending: 0 }, false, 1)).toBeNull();
    expect(offerReason(s, { ...j, pending: 0 }, true, 1)).toBe("deadline");
    expect(offerReason({ ...s, status: "saving" }, j, true, OFFER_AFTER_MS * 10)).toBeNull();
    expect(offerReason(s, { ...j, ready: false }, true, OFFER_AFTER_MS * 10)).toBeNull();
  });
});

describe("the journal's event times (docs/delivery-file.md §4.3)", () => {
  it("count from the server's clock with the page's monotonic clock, whatever the device's clock says, and never go back", async () => {
    let device = 5_000_000; // the device's clock, set wherever its user likes
    let mono = 100;
    const j = new Journal(() => openLocalAnswers(attemptKey("tess", 44)), () => device, () => mono);
    await j.open({ ...(await setupFor(44)), server_time: 9_000_000 });
    mono += 2_000;
    device -= 3_600_000; // set back an hour
    j.append("q1", "a", 10);
    // A save's answer brings the server's clock again.
    j.serverTime(9_010_000);
    mono += 500;
    j.append("q1", "b", 20);
    j.serverTime(9_000_000); // an answer that left the server earlier, arriving late
    j.append("q1", "c", 30);
    const { events } = await j.chain();
    expect(events.map((e) => e.t)).toEqual([9_002_000, 9_010_500, 9_010_500]);
  });

  it("use the device's clock only until the server has told its own", async () => {
    const j = new Journal(() => openLocalAnswers(attemptKey("tess", 45)), () => 1_234, () => 0);
    await j.open(await setupFor(45));
    j.append("q1", "a", 10);
    expect((await j.chain()).events[0].t).toBe(1_234);
  });
});
