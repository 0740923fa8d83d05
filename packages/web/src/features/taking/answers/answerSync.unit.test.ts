import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnswerSync, AUTOSAVE_DELAY_MS, SUBMIT_TRIES, type Environment } from "./answerSync";
import { attemptKey, MemoryAnswers, openLocalAnswers } from "./localAnswers";
import { fetchTransport, SaveFailure, SAVE_TIMEOUT_MS, type ProgressBody } from "./transport";

/**
 * The sending rules against a fake server behind a fake fetch, with the real IndexedDB code on
 * fake-indexeddb and fake timers (only setTimeout: fake-indexeddb schedules with setImmediate).
 */

interface Call {
  url: string;
  body: ProgressBody;
  keepalive: boolean;
}

/** A save_progress / submit_test that holds the newest seq per item, like the real service. */
function fakeServer() {
  const held = new Map<string, { response: string; seq: number }>();
  const calls: Call[] = [];
  let mode: "up" | "down" | "hang" | "500" | "busy" | "timeOver" | "400" = "up";
  let receipt: string | null = null;
  /** While set, answers wait until release() (a request in flight). */
  let gate: Promise<void> | null = null;
  let release = () => {};
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetchFn = (url: string, init: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init.body)) as ProgressBody;
    if (!gate) calls.push({ url, body, keepalive: Boolean(init.keepalive) });
    if (gate) return gate.then(() => fetchFn(url, init));
    if (mode === "down") return Promise.reject(new TypeError("Failed to fetch"));
    if (mode === "hang") return new Promise((_, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    if (mode === "500") return Promise.resolve(json(500, { message: "An error occurred." }));
    if (mode === "busy") {
      // The server's autosave admission (save-shedding.ts): refused before anything is written.
      const busy = { message: "An error occurred while accessing test content.", messageKey: "specMessages.testContentFailure" };
      return Promise.resolve(new Response(JSON.stringify(busy), { status: 503, headers: { "content-type": "application/json", "retry-after": "10" } }));
    }
    if (mode === "timeOver") return Promise.resolve(json(409, { message: "The time for this test is over.", messageKey: "taking.messages.timeOver" }));
    if (mode === "400") return Promise.resolve(json(400, { message: "Question 'zz' is not part of this test.", messageKey: "taking.messages.unknownItem" }));
    for (const it of body.candidate_test_items) {
      const h = held.get(it.id);
      if (!h || h.seq < it.seq) held.set(it.id, { response: it.response, seq: it.seq });
    }
    if (url.includes("submit_test")) {
      receipt ??= `receipt-of-${[...held.values()].map((h) => h.response).join(",")}`;
      return Promise.resolve(json(200, { receipt, answered: held.size, items: 10, submitted_at: "2026-11-23T10:00:00.000Z" }));
    }
    return Promise.resolve(json(200, { saved: body.candidate_test_items.map((i) => ({ id: i.id, seq: held.get(i.id)!.seq })), time_limit: 600_000 }));
  };
  return {
    held,
    calls,
    fetchFn,
    set mode(m: typeof mode) {
      mode = m;
    },
    hold() {
      gate = new Promise((r) => (release = () => {
        gate = null;
        r();
      }));
    },
    release: () => release(),
    saves: () => calls.filter((c) => c.url.includes("save_progress")),
  };
}

function fakeEnvironment() {
  let handlers: Parameters<Environment["listen"]>[0] | null = null;
  let online = true;
  const env: Environment = {
    now: () => Date.now(),
    isOnline: () => online,
    listen: (h) => {
      handlers = h;
      return () => (handlers = null);
    },
  };
  return {
    env,
    goOffline() {
      online = false;
      handlers?.offline();
    },
    goOnline() {
      online = true;
      handlers?.online();
    },
    hide: () => handlers?.hidden(),
  };
}

/** Lets IndexedDB (setImmediate) and promise chains run. */
async function settle(rounds = 20) {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
}

let n = 0;
let key: string;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  key = attemptKey(`candidate${++n}@example.com`, 77);
});
afterEach(() => vi.useRealTimers());

function makeSync(server = fakeServer(), environment = fakeEnvironment(), open = () => openLocalAnswers(key)) {
  const sync = new AnswerSync(77, open, fetchTransport(server.fetchFn), environment.env);
  return { sync, server, environment };
}

describe("AnswerSync", () => {
  it("stores an answer in IndexedDB first and sends it 5 s after the first unsent change", async () => {
    const { sync, server } = makeSync();
    await sync.start();
    sync.set("q1", "b");
    await settle();
    const stored = await (await openLocalAnswers(key)).load();
    expect(stored.answers).toEqual([{ id: "q1", answer: expect.objectContaining({ response: "b", ackedSeq: -1 }) }]);
    expect(sync.getSnapshot()).toMatchObject({ status: "saving", pending: 1 });

    await vi.advanceTimersByTimeAsync(4_000);
    sync.set("q2", "x"); // a later change does not push the save back
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].url).toBe("/api/test_content/save_progress/77");
    expect(server.calls[0].body).toMatchObject({ id: 77, candidate_test_items: [{ id: "q1", response: "b" }, { id: "q2", response: "x" }] });
    expect(sync.getSnapshot()).toMatchObject({ status: "saved", pending: 0, remainingMs: 600_000 });
    expect(sync.getSnapshot().lastSavedAt).toBeInstanceOf(Date);
    // The acknowledgement is stored too: a reload does not send these again.
    const after = await (await openLocalAnswers(key)).load();
    expect(after.answers.every((a) => a.answer.ackedSeq === a.answer.seq)).toBe(true);
  });

  it("flush sends at once; an answer changed during the send stays queued and goes next", async () => {
    const { sync, server } = makeSync();
    await sync.start();
    sync.set("q1", "a");
    server.hold();
    const flushed = sync.flush();
    await settle();
    sync.set("q1", "ab"); // typed while "a" is on its way
    server.release();
    await flushed;
    await settle();
    expect(sync.getSnapshot().pending).toBe(1);
    await sync.flush();
    expect(server.saves().map((c) => c.body.candidate_test_items[0].response)).toEqual(["a", "ab"]);
    expect(server.held.get("q1")!.response).toBe("ab");
    expect(sync.getSnapshot().pending).toBe(0);
  });

  it("shows offline on a network failure, retries with backoff and sends when back online", async () => {
    const { sync, server, environment } = makeSync();
    await sync.start();
    server.mode = "down";
    sync.set("q1", "a");
    await sync.flush();
    expect(sync.getSnapshot()).toMatchObject({ status: "offline", pending: 1 });
    for (const wait of [1_000, 2_000, 5_000, 15_000, 15_000]) {
      const before = server.calls.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(server.calls.length).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      await settle();
      expect(server.calls.length).toBe(before + 1);
    }
    environment.goOffline();
    sync.set("q2", "kept while offline");
    expect(sync.getSnapshot().status).toBe("offline");
    server.mode = "up";
    environment.goOnline();
    await settle();
    expect(server.held.get("q2")!.response).toBe("kept while offline");
    expect(sync.getSnapshot()).toMatchObject({ status: "saved", pending: 0 });
  });

  it("gives up a save that never answers after 15 s and tries again", async () => {
    const { sync, server } = makeSync();
    await sync.start();
    server.mode = "hang";
    sync.set("q1", "a");
    const flushed = sync.flush();
    await settle(); // the request leaves once the answer is stored
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SAVE_TIMEOUT_MS - 1);
    expect(sync.getSnapshot().status).toBe("saving");
    await vi.advanceTimersByTimeAsync(1);
    await flushed;
    expect(sync.getSnapshot().status).toBe("offline");
    server.mode = "up";
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(sync.getSnapshot()).toMatchObject({ status: "saved", pending: 0 });
    expect(server.held.get("q1")!.response).toBe("a");
  });

  it("retries a server error (5xx) and shows saving meanwhile", async () => {
    const { sync, server } = makeSync();
    await sync.start();
    server.mode = "500";
    sync.set("q1", "a");
    await sync.flush();
    expect(sync.getSnapshot().status).toBe("saving");
    server.mode = "up";
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(sync.getSnapshot()).toMatchObject({ status: "saved", pending: 0 });
  });

  it("retries a busy server's 503 no sooner than its Retry-After, with the same answers, and none is lost", async () => {
    const { sync, server } = makeSync();
    await sync.start();
    server.mode = "busy";
    sync.set("q1", "a");
    await sync.flush();
    expect(sync.getSnapshot()).toMatchObject({ status: "saving", pending: 1, error: null });
    sync.set("q2", "b");
    const refused = server.saves().length;
    // The backoff alone would try again after 1 s; the server asked for 10.
    for (let ms = 0; ms < 9_900; ms += 300) {
      await vi.advanceTimersByTimeAsync(300);
      await settle();
    }
    expect(server.saves().length).toBe(refused);
    server.mode = "up";
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    expect(server.saves().length).toBe(refused + 1);
    expect(server.saves().at(-1)!.body.candidate_test_items.map((i) => [i.id, i.response])).toEqual([["q1", "a"], ["q2", "b"]]);
    expect(sync.getSnapshot()).toMatchObject({ status: "saved", pending: 0 });
    expect(server.held.get("q1")!.response).toBe("a");
  });

  it("stops at time over and says so", async () => {
    const { sync, server } = makeSync();
    await sync.start();
    server.mode = "timeOver";
    sync.set("q1", "a");
    await sync.flush();
    expect(sync.getSnapshot()).toMatchObject({ timeOver: true, status: "error" });
    const count = server.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls.length).toBe(count);
  });

  it("shows a refused save (400) with its message and does not retry it by itself", async () => {
    const { sync, server } = makeSync();
    await sync.start();
    server.mode = "400";
    sync.set("q1", "a");
    await sync.flush();
    expect(sync.getSnapshot()).toMatchObject({ status: "error", error: { messageKey: "taking.messages.unknownItem" } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    server.mode = "up";
    sync.set("q1", "b"); // the next answer tries again
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    await settle();
    expect(sync.getSnapshot()).toMatchObject({ status: "saved", error: null });
  });

  it("after a reload sends first what was never acknowledged, with seqs that keep rising", async () => {
    const server = fakeServer();
    const first = makeSync(server);
    await first.sync.start();
    first.sync.set("q1", "saved before");
    await first.sync.flush();
    server.mode = "down";
    first.sync.set("q2", "typed offline");
    await settle();
    const seqBefore = server.held.get("q1")!.seq;
    // The page reloads: a new store on the same attempt, no stop() (a crash).
    server.mode = "up";
    const second = makeSync(server);
    await second.sync.start();
    await settle();
    expect(second.sync.get("q1")).toBe("saved before");
    expect(second.sync.get("q2")).toBe("typed offline");
    const resent = server.saves().at(-1)!.body.candidate_test_items;
    expect(resent.map((i) => i.id)).toEqual(["q2"]);
    expect(second.sync.getSnapshot()).toMatchObject({ status: "saved", pending: 0 });
    second.sync.set("q1", "changed after reload");
    await second.sync.flush();
    expect(server.held.get("q1")!.seq).toBeGreaterThan(seqBefore);
  });

  it("keeps two candidates on one computer apart", async () => {
    const a = makeSync();
    await a.sync.start();
    a.sync.set("q1", "mine");
    await settle();
    const other = new AnswerSync(77, () => openLocalAnswers(attemptKey("someone.else@example.com", 77)), fetchTransport(fakeServer().fetchFn), fakeEnvironment().env);
    await other.start();
    expect(other.get("q1")).toBeUndefined();
  });

  it("seeds from get_section: a newer local answer stays queued, otherwise the server's", async () => {
    const { sync, server } = makeSync();
    await sync.start();
    sync.set("q1", "local newer");
    sync.seed([
      { id: "q1", response: "server older", seq: 1 },
      { id: "q2", response: "server", seq: 2 },
    ]);
    expect(sync.get("q1")).toBe("local newer");
    expect(sync.get("q2")).toBe("server");
    await sync.flush();
    expect(server.saves()[0].body.candidate_test_items.map((i) => i.id)).toEqual(["q1"]);
  });

  it("sends with keepalive when the page is hidden", async () => {
    const { sync, server, environment } = makeSync();
    await sync.start();
    sync.set("q1", "a");
    await settle();
    environment.hide();
    await settle();
    expect(server.calls).toEqual([expect.objectContaining({ keepalive: true })]);
  });

  it("submits what is unsent; a lost network fails the submit within seconds (spec §8), and a retry gets the same receipt", async () => {
    const { sync, server, environment } = makeSync();
    await sync.start();
    sync.set("q1", "a");
    server.mode = "down";
    environment.goOffline();
    const submitting = sync.submit(120).catch((e: unknown) => e);
    await settle();
    expect(sync.getSnapshot().status).toBe("offline");
    await vi.advanceTimersByTimeAsync(3_000);
    const failure = await submitting;
    expect(failure).toBeInstanceOf(SaveFailure);
    expect(failure).toMatchObject({ kind: "network", message: "An error occurred while submitting your test answers.", messageKey: "specMessages.submitAnswersFailure" });
    expect(server.calls.filter((c) => c.url.includes("submit_test"))).toHaveLength(SUBMIT_TRIES);
    server.mode = "up";
    environment.goOnline();
    const receipt = await sync.submit(120);
    expect(receipt.receipt).toBe("receipt-of-a");
    // Back online the unsent answer went out (by save or with the submit): the server holds it.
    expect(server.held.get("q1")!.response).toBe("a");
    const submits = server.calls.filter((c) => c.url.includes("submit_test"));
    expect(submits.at(-1)!.body).toMatchObject({ id: 77, seconds_taken: 120 });
    expect(await sync.submit(120)).toEqual(receipt);
    expect(sync.getSnapshot()).toMatchObject({ status: "saved", pending: 0 });
    // Recorded on the server: the browser's copy is gone.
    await settle();
    expect((await (await openLocalAnswers(key)).load()).answers).toEqual([]);
  });

  it("a submit that keeps answering 500 fails with the spec's message, and never reads as saved while it is pending", async () => {
    const { sync, server } = makeSync();
    await sync.start();
    sync.set("q1", "a");
    await sync.flush();
    expect(sync.getSnapshot()).toMatchObject({ status: "saved", pending: 0 });
    server.mode = "500";
    const seen: string[] = [];
    sync.subscribe(() => seen.push(sync.getSnapshot().status));
    const submitting = sync.submit(60).catch((e: unknown) => e);
    await settle();
    expect(sync.getSnapshot().status).toBe("saving");
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await submitting).toMatchObject({ kind: "server", message: "An error occurred while submitting your test answers." });
    // Saved (the answers are) only once the submit has ended, not while it was pending.
    expect(seen.slice(0, -1)).not.toContain("saved");
    server.mode = "up";
    expect((await sync.submit(60)).receipt).toBe("receipt-of-a");
  });

  it("keeps answers in memory when IndexedDB is refused, and says so", async () => {
    const { sync, server } = makeSync(undefined, undefined, () => Promise.resolve(new MemoryAnswers()));
    await sync.start();
    expect(sync.getSnapshot().persistent).toBe(false);
    sync.set("q1", "a");
    await sync.flush();
    expect(server.held.get("q1")!.response).toBe("a");
  });

  it("falls back to memory when indexedDB does not exist", async () => {
    const saved = globalThis.indexedDB;
    // @ts-expect-error -- a browser without IndexedDB
    delete globalThis.indexedDB;
    try {
      expect((await openLocalAnswers(key)).persistent).toBe(false);
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});
