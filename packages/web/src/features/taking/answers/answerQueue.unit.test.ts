import { describe, expect, it } from "vitest";
import { AnswerQueue, nextSeq } from "./answerQueue";

const T = 1_800_000_000_000; // a wall clock in ms

describe("sequence numbers", () => {
  it("follow the clock in microseconds but never go backwards", () => {
    expect(nextSeq(0, T)).toBe(T * 1000);
    expect(nextSeq(T * 1000, T)).toBe(T * 1000 + 1);
    // The clock set back an hour (or a reload with an odd clock): still above the last.
    expect(nextSeq(T * 1000 + 5, T - 3_600_000)).toBe(T * 1000 + 6);
  });
});

describe("AnswerQueue", () => {
  it("queues each change until the server acknowledges its seq", () => {
    const q = new AnswerQueue();
    const a = q.set("q1", "b", T);
    q.set("q2", "x", T);
    expect(q.pendingCount()).toBe(2);
    expect(q.unsent().map((i) => i.id)).toEqual(["q1", "q2"]);
    q.ack([{ id: "q1", seq: a.seq }]);
    expect(q.unsent().map((i) => i.id)).toEqual(["q2"]);
  });

  it("keeps an answer changed while its save was in flight", () => {
    const q = new AnswerQueue();
    const first = q.set("q1", "a", T);
    const sent = q.unsent();
    q.set("q1", "b", T + 1);
    q.ack(sent.map(({ id, seq }) => ({ id, seq })));
    expect(q.get("q1")).toMatchObject({ response: "b", ackedSeq: first.seq });
    expect(q.unsent()).toEqual([{ id: "q1", response: "b", seq: q.get("q1")!.seq }]);
  });

  it("takes a late or repeated acknowledgement without going backwards", () => {
    const q = new AnswerQueue();
    const a = q.set("q1", "a", T);
    q.ack([{ id: "q1", seq: a.seq }]);
    q.ack([{ id: "q1", seq: a.seq - 10 }]);
    expect(q.get("q1")!.ackedSeq).toBe(a.seq);
    expect(q.pendingCount()).toBe(0);
  });

  it("moves its counter above a seq the server holds from elsewhere", () => {
    const q = new AnswerQueue();
    q.set("q1", "a", T);
    q.ack([{ id: "q1", seq: T * 1000 + 500 }]);
    expect(q.set("q2", "c", T).seq).toBe(T * 1000 + 501);
  });

  it("seeds from the server unless the browser holds a newer answer, which stays queued", () => {
    const q = new AnswerQueue();
    const mine = q.set("q1", "newer", T);
    q.seed([
      { id: "q1", response: "older", seq: mine.seq - 1 },
      { id: "q2", response: "server", seq: 42 },
      { id: "q3", response: null, seq: null },
    ]);
    expect(q.get("q1")).toEqual({ response: "newer", seq: mine.seq, ackedSeq: mine.seq - 1 });
    expect(q.get("q2")).toEqual({ response: "server", seq: 42, ackedSeq: 42 });
    expect(q.get("q3")).toBeUndefined();
    expect(q.unsent().map((i) => i.id)).toEqual(["q1"]);
  });

  it("takes the server's answer when it is newer than the browser's", () => {
    const q = new AnswerQueue();
    const mine = q.set("q1", "mine", T);
    q.seed([{ id: "q1", response: "other tab", seq: mine.seq + 7 }]);
    expect(q.get("q1")).toEqual({ response: "other tab", seq: mine.seq + 7, ackedSeq: mine.seq + 7 });
    expect(q.pendingCount()).toBe(0);
    expect(q.set("q2", "z", T).seq).toBe(mine.seq + 8);
  });

  it("restores stored answers: the newer seq wins, acknowledgement never lost", () => {
    const q = new AnswerQueue();
    q.set("q1", "typed before the store opened", T + 10);
    q.restore(
      [
        { id: "q1", answer: { response: "stored", seq: 5, ackedSeq: 5 } },
        { id: "q2", answer: { response: "stored unsent", seq: 6, ackedSeq: -1 } },
      ],
      99,
    );
    expect(q.get("q1")!.response).toBe("typed before the store opened");
    expect(q.get("q2")).toEqual({ response: "stored unsent", seq: 6, ackedSeq: -1 });
    expect(q.unsent().map((i) => i.id)).toEqual(["q2", "q1"]);
  });

  it("sends at most the limit per request, oldest first", () => {
    const q = new AnswerQueue();
    for (let i = 0; i < 5; i++) q.set(`q${i}`, "x", T);
    expect(q.unsent(2).map((i) => i.id)).toEqual(["q0", "q1"]);
  });
});
