import { describe, expect, it } from "vitest";
import { movesAt, newestAnswerPage, nextOf, previousOf, resumePlace } from "./navigation";

describe("item navigation (spec §4)", () => {
  it("offers Next but not Previous or Submit on the first of several pages", () => {
    expect(movesAt({ kind: "page", page: 1 }, 3, true)).toEqual({ previous: false, next: true, review: true, submit: false });
  });
  it("offers Previous and Submit on the last page", () => {
    expect(movesAt({ kind: "page", page: 3 }, 3, true)).toEqual({ previous: true, next: false, review: true, submit: true });
  });
  it("offers Review only when answer_review allows it", () => {
    expect(movesAt({ kind: "page", page: 2 }, 3, false).review).toBe(false);
  });
  it("offers Previous and Submit from the review screen", () => {
    expect(movesAt({ kind: "review" }, 3, true)).toEqual({ previous: true, next: false, review: false, submit: true });
  });
  it("has a single page as both first and last", () => {
    expect(movesAt({ kind: "page", page: 1 }, 1, false)).toEqual({ previous: false, next: false, review: false, submit: true });
  });
  it("moves between pages, and from review back to the last page", () => {
    expect(nextOf({ kind: "page", page: 1 }, 2)).toEqual({ kind: "page", page: 2 });
    expect(nextOf({ kind: "page", page: 2 }, 2)).toEqual({ kind: "page", page: 2 });
    expect(previousOf({ kind: "page", page: 2 }, 2)).toEqual({ kind: "page", page: 1 });
    expect(previousOf({ kind: "review" }, 2)).toEqual({ kind: "page", page: 2 });
  });
  it("resumes on the server's current section, kept within the pages", () => {
    expect(resumePlace(2, 3)).toEqual({ kind: "page", page: 2 });
    expect(resumePlace(9, 3)).toEqual({ kind: "page", page: 3 });
    expect(resumePlace(0, 3)).toEqual({ kind: "page", page: 1 });
  });
});

describe("the page of the newest answer", () => {
  const questions = [
    { id: "q1", page: 1 },
    { id: "q2", page: 1 },
    { id: "q3", page: 2 },
  ];
  it("is the page of the answer with the highest seq, or none without answers", () => {
    const seqs: Record<string, number> = { q1: 10, q3: 30, q2: 20 };
    expect(newestAnswerPage(questions, (id) => seqs[id])).toBe(2);
    expect(newestAnswerPage(questions, (id) => ({ q1: 40, q3: 30 })[id])).toBe(1);
    expect(newestAnswerPage(questions, () => undefined)).toBeNull();
  });
});
