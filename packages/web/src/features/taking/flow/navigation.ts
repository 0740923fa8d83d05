import type { Question } from "./questions";
/**
 * Item navigation (spec §4): the move is Previous, Next, Review or Submit. Review only when the
 * test's answer_review allows it; Submit on the last page or from the review screen.
 */
export type Place = { kind: "page"; page: number } | { kind: "review" };

export interface Moves {
  previous: boolean;
  next: boolean;
  review: boolean;
  submit: boolean;
}

export function movesAt(place: Place, pageCount: number, answerReview: boolean): Moves {
  if (place.kind === "review") return { previous: pageCount > 0, next: false, review: false, submit: true };
  const last = place.page >= pageCount;
  return { previous: place.page > 1, next: !last, review: answerReview, submit: last };
}

/** Where Previous leads: the page before, or from the review screen back to the last page. */
export function previousOf(place: Place, pageCount: number): Place {
  if (place.kind === "review") return { kind: "page", page: pageCount };
  return { kind: "page", page: Math.max(1, place.page - 1) };
}

export function nextOf(place: Place, pageCount: number): Place {
  if (place.kind === "review") return place;
  return { kind: "page", page: Math.min(pageCount, place.page + 1) };
}

/** A resumed attempt opens on the server's current_section, kept within the test's pages. */
export function resumePlace(currentSection: number, pageCount: number): Place {
  return { kind: "page", page: Math.min(Math.max(1, currentSection), Math.max(1, pageCount)) };
}

/**
 * The page of the candidate's newest answer by this browser's store (seqs rise with each answer,
 * the server's included once merged), null without one. It can be newer than the server's
 * current_section: a save still on its way when the page was reloaded (sent as the page went) had
 * not reached the server when it answered where to resume.
 */
export function newestAnswerPage(questions: Pick<Question, "id" | "page">[], seqOf: (id: string) => number | undefined): number | null {
  let newest: { seq: number; page: number } | null = null;
  for (const q of questions) {
    const seq = seqOf(q.id);
    if (seq !== undefined && (!newest || seq > newest.seq)) newest = { seq, page: q.page };
  }
  return newest?.page ?? null;
}
