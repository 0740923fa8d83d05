import "fake-indexeddb/auto";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Journal } from "./journal";
import { journalSetupFor } from "./journalSetup.testing";
import { attemptKey, openLocalAnswers } from "./localAnswers";
import { answersInOrder, checkReceipt } from "./receiptCheck";

/** The Thank You's own check of the receipt (issue 27): the browser's journal and answers against the server's receipt. */

const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
/** docs/delivery-file.md §4.1 and §7.1, written here again so the check is not compared with itself. */
function expected(attempt: number, answers: [string, string][], events: { seq: number; t: number; item: string; response: string }[], base = { head: sha(`parlance-journal/1\n${attempt}`), events: 0 }) {
  let head = base.head;
  for (const e of events) head = sha(`${head}\n${e.seq}\n${e.t}\n${e.item}\n${e.response}`);
  return sha(`parlance-receipt/1\nattempt=${attempt}\nanswers=${sha(JSON.stringify(answers))}\nhead=${head}\nevents=${base.events + events.length}`);
}

const setupFor = journalSetupFor;

const pages = [[{ id: "intro" }, { id: "q1" }, { id: "q2" }], [{ id: "q8" }]];
const held: Record<string, string> = { q8: "line one\nline two", q1: "b" };

describe("the receipt's check in the browser", () => {
  it("takes the answers in the pages' order, leaving out unanswered items; no order without every page", () => {
    expect(answersInOrder(pages, (id) => held[id])).toEqual([
      ["q1", "b"],
      ["q8", "line one\nline two"],
    ]);
    expect(answersInOrder([pages[0], undefined], (id) => held[id])).toBeNull();
  });

  it("matches the server's receipt of the same journal and answers; a changed event, answer or count differs", async () => {
    const j = new Journal(() => openLocalAnswers(attemptKey("rhea", 41)), () => 1000);
    await j.open(await setupFor(41));
    j.append("q1", "a", 10);
    j.append("q8", "line one\nline two", 20);
    j.append("q1", "b", 30);
    await j.finish();
    const events = [
      { seq: 10, t: 1000, item: "q1", response: "a" },
      { seq: 20, t: 1000, item: "q8", response: "line one\nline two" },
      { seq: 30, t: 1000, item: "q1", response: "b" },
    ];
    const answers = answersInOrder(pages, (id) => held[id]);
    const receipt = expected(41, answers!, events);
    expect(j.finishedRecord).toMatchObject({ attempt_id: 41, events: 3 });
    expect(await checkReceipt(receipt, j.finishedRecord, answers)).toEqual({ state: "matches" });
    // The server acknowledged another journal (one event changed) or other answers: the page says so, with its own value.
    const tampered = expected(41, answers!, events.map((e, i) => (i === 1 ? { ...e, response: "line one" } : e)));
    expect(await checkReceipt(tampered, j.finishedRecord, answers)).toEqual({ state: "differs", local: receipt });
    expect((await checkReceipt(expected(41, [["q1", "a"], ["q8", "line one\nline two"]], events), j.finishedRecord, answers)).state).toBe("differs");
    expect((await checkReceipt(expected(41, answers!, events.slice(0, 2)), j.finishedRecord, answers)).state).toBe("differs");
    // Without every page or without a journal, it cannot check.
    expect(await checkReceipt(receipt, j.finishedRecord, null)).toEqual({ state: "unchecked" });
    expect(await checkReceipt(receipt, null, answers)).toEqual({ state: "unchecked" });
  });

  it("a browser that began on another device counts from the server's head (start_test's head_events), kept across a reload", async () => {
    const base = { head: sha("an event the server holds"), events: 5 };
    const key = attemptKey("sven", 42);
    const first = new Journal(() => openLocalAnswers(key), () => 2000);
    await first.open(await setupFor(42, { head: base.head, seq: 500, events: base.events }));
    first.append("q2", "c", 600);
    // A reload: the store is read again; start_test now names a newer head (the first event went through).
    const again = new Journal(() => openLocalAnswers(key), () => 2000);
    await again.open(await setupFor(42, { head: sha("later"), seq: 600, events: 6 }));
    again.append("q2", "d", 700);
    const events = [
      { seq: 600, t: 2000, item: "q2", response: "c" },
      { seq: 700, t: 2000, item: "q2", response: "d" },
    ];
    expect(await again.record()).toMatchObject({ attempt_id: 42, events: 7 });
    expect(await checkReceipt(expected(42, [["q2", "d"]], events, base), await again.record(), [["q2", "d"]])).toEqual({ state: "matches" });
  });

  it("a journal begun after the genesis without head_events (an older server) cannot be checked", async () => {
    const j = new Journal(() => openLocalAnswers(attemptKey("uma", 43)), () => 3000);
    await j.open(await setupFor(43, { head: sha("elsewhere"), seq: 5 }));
    j.append("q1", "a", 10);
    expect(await j.record()).toBeNull();
  });
});
