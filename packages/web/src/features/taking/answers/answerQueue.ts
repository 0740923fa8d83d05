/**
 * The answers of one attempt as the browser holds them, and which of them the server has yet to
 * acknowledge (DESIGN.md §6). Pure: no storage, no network, no React, so every rule is unit-tested.
 *
 * Each answer carries a sequence number (seq) that only ever rises within an attempt; the server
 * keeps an answer only when its seq is newer, and acknowledges each save with the seq it now holds.
 * An answer is unsent while its seq is above the seq the server acknowledged (ackedSeq).
 */
import type { ProgressBody } from "./transport";

export interface LocalAnswer {
  response: string;
  seq: number;
  /** The highest seq the server has acknowledged for this item; -1 when never. */
  ackedSeq: number;
}

export interface SeedItem {
  id: string;
  response: string | null;
  seq: number | null;
}

/** One answer as save_progress / submit_test carry it. */
export type OutgoingItem = ProgressBody["candidate_test_items"][number];

/**
 * The next seq: microseconds of the wall clock, but never at or below the last one handed out, so
 * a reload (the last seq is persisted) or a clock set back cannot make a new answer look older.
 */
export function nextSeq(last: number, nowMs: number): number {
  return Math.max(Math.floor(nowMs) * 1000, last + 1);
}

export const isUnsent = (a: LocalAnswer) => a.seq > a.ackedSeq;

export class AnswerQueue {
  private readonly answers = new Map<string, LocalAnswer>();
  /** The last seq handed out or seen from the server. */
  lastSeq = 0;

  get(itemId: string): LocalAnswer | undefined {
    return this.answers.get(itemId);
  }

  entries(): [string, LocalAnswer][] {
    return [...this.answers.entries()];
  }

  /** A new answer typed or chosen now: it gets a fresh seq and is unsent until acknowledged. */
  set(itemId: string, response: string, nowMs: number): LocalAnswer {
    this.lastSeq = nextSeq(this.lastSeq, nowMs);
    const previous = this.answers.get(itemId);
    const answer = { response, seq: this.lastSeq, ackedSeq: previous?.ackedSeq ?? -1 };
    this.answers.set(itemId, answer);
    return answer;
  }

  /**
   * Records held in storage (loaded after a reload). The newer seq wins per item, and an item's
   * acknowledgement never goes backwards: this may run after the page has already set or seeded.
   */
  restore(records: { id: string; answer: LocalAnswer }[], lastSeq: number): void {
    this.lastSeq = Math.max(this.lastSeq, lastSeq);
    for (const { id, answer } of records) {
      this.lastSeq = Math.max(this.lastSeq, answer.seq);
      const mine = this.answers.get(id);
      if (!mine || answer.seq > mine.seq) this.answers.set(id, { ...answer, ackedSeq: Math.max(answer.ackedSeq, mine?.ackedSeq ?? -1) });
      else if (answer.ackedSeq > mine.ackedSeq) this.answers.set(id, { ...mine, ackedSeq: Math.min(answer.ackedSeq, mine.seq) });
    }
  }

  /**
   * Merges what the server holds (get_section). A local answer newer than the server's stays and
   * stays queued; otherwise the server's answer is taken as acknowledged. Returns the items changed.
   */
  seed(items: SeedItem[]): { id: string; answer: LocalAnswer }[] {
    const changed: { id: string; answer: LocalAnswer }[] = [];
    for (const item of items) {
      const serverSeq = item.seq ?? -1;
      if (item.seq !== null) this.lastSeq = Math.max(this.lastSeq, item.seq);
      const mine = this.answers.get(item.id);
      let next: LocalAnswer | undefined;
      if (mine && mine.seq > serverSeq) {
        if (serverSeq > mine.ackedSeq) next = { ...mine, ackedSeq: serverSeq };
      } else if (item.response !== null && item.seq !== null) {
        if (!mine || mine.seq !== item.seq || mine.response !== item.response || mine.ackedSeq !== item.seq) {
          next = { response: item.response, seq: item.seq, ackedSeq: item.seq };
        }
      }
      if (next) {
        this.answers.set(item.id, next);
        changed.push({ id: item.id, answer: next });
      }
    }
    return changed;
  }

  /** Unsent answers, oldest change first, at most `limit` (the server's MAX_ITEMS_PER_SAVE). */
  unsent(limit = Infinity): OutgoingItem[] {
    return [...this.answers.entries()]
      .filter(([, a]) => isUnsent(a))
      .sort((x, y) => x[1].seq - y[1].seq)
      .slice(0, limit)
      .map(([id, a]) => ({ id, response: a.response, seq: a.seq }));
  }

  pendingCount(): number {
    let n = 0;
    for (const a of this.answers.values()) if (isUnsent(a)) n++;
    return n;
  }

  /**
   * The server's acknowledgement: it holds `seq` for the item. An answer changed again since the
   * save left (a higher seq) stays unsent. A seq above ours (another tab) only moves the counter on.
   */
  ack(saved: { id: string; seq: number }[]): { id: string; answer: LocalAnswer }[] {
    const changed: { id: string; answer: LocalAnswer }[] = [];
    for (const { id, seq } of saved) {
      this.lastSeq = Math.max(this.lastSeq, seq);
      const mine = this.answers.get(id);
      if (!mine || seq <= mine.ackedSeq) continue;
      const answer = { ...mine, ackedSeq: seq };
      this.answers.set(id, answer);
      changed.push({ id, answer });
    }
    return changed;
  }
}
