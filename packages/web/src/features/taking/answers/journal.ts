import { eventHash, MAX_EVENT_CHARS_PER_SAVE, type JournalEvent, type JournalSetup } from "@parlance/contract";
import type { JournalState, LocalAnswers, StoredEvent } from "./localAnswers";

/**
 * The attempt's answer journal (issue 27, docs/delivery-file.md): every answer change an event,
 * kept in the browser's store beside the answers, chained by hash from the attempt's genesis. The
 * save path carries the events not yet acknowledged (journalTransport.ts); a sealed file carries
 * them all (sealFile.ts). The hashes are worked out when needed (WebCrypto digests are async).
 */

export interface JournalSnapshot {
  /** Events the server has not acknowledged. */
  pending: number;
  /** When the server last acknowledged a save (ms), or when the journal opened. */
  lastAckAt: number;
  persistent: boolean;
  /** The attempt has a journal (start_test gave its key). */
  ready: boolean;
  events: number;
}

/** What the receipt commits to of the journal (contract receipt.ts): the attempt, the head, the chain's length. */
export interface JournalRecord {
  attempt_id: number;
  head: string;
  events: number;
}

/** The events on the chain up to a journal's base: given by start_test, else 0 when the base is the genesis. */
const baseEventsOf = (setup: JournalSetup | null, base: string | null) =>
  setup?.head === base && setup?.head_events !== undefined ? setup.head_events : setup && base === setup.genesis ? 0 : null;

export class Journal {
  private local: LocalAnswers | null = null;
  private events: StoredEvent[] = [];
  private hashes: string[] = [];
  private state: JournalState = { setup: null, base: null, ackedSeq: -1, submitted: false };
  private writes: Promise<void> = Promise.resolve();
  private listeners = new Set<() => void>();
  private snapshot: JournalSnapshot;
  private lastAckAt: number;
  private persistent = true;
  private loading: Promise<void> | null = null;
  private finished: JournalRecord | null = null;

  /** The server's clock at its last answer and this page's monotonic clock then (docs/delivery-file.md §4.3). */
  private serverClock: { server: number; mono: number } | null = null;
  private lastT = 0;

  constructor(
    private readonly openLocal: () => Promise<LocalAnswers>,
    private readonly now: () => number = Date.now,
    private readonly mono: () => number = () => performance.now(),
  ) {
    this.lastAckAt = now();
    this.snapshot = this.makeSnapshot();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;

  get setup(): JournalSetup | null {
    return this.state.setup;
  }
  get submitted(): boolean {
    return this.state.submitted;
  }

  /** Loads what the browser kept and takes start_test's setup (a new attempt starts a new journal). */
  open(setup: JournalSetup | null): Promise<void> {
    // Changes made while the store opens are kept (and merged with what it held).
    if (!this.loading) this.serverTime(setup?.server_time);
    if (!this.loading) this.state = { ...this.state, setup, base: setup?.head ?? null, baseEvents: baseEventsOf(setup, setup?.head ?? null), ackedSeq: setup?.head_seq ?? -1 };
    this.loading ??= (async () => {
      const local = await this.openLocal();
      const kept = await local.loadJournal().catch(() => ({ events: [], state: null }));
      this.local = local;
      this.persistent = local.persistent;
      const same = kept.state?.setup && setup && kept.state.setup.attempt_id === setup.attempt_id;
      if (same && kept.state) {
        const seqs = new Set(kept.events.map((e) => e.seq));
        this.events = [...kept.events, ...this.events.filter((e) => !seqs.has(e.seq))].sort((a, b) => a.seq - b.seq);
        this.state = { ...kept.state, setup, baseEvents: kept.state.baseEvents ?? baseEventsOf(setup, kept.state.base), ackedSeq: Math.max(kept.state.ackedSeq, this.state.ackedSeq), submitted: kept.state.submitted || this.state.submitted };
        this.hashes = [];
      }
      this.lastT = this.events.reduce((m, e) => Math.max(m, e.t), this.lastT);
      this.persist(this.events);
    })();
    return this.loading;
  }

  /** The server told its clock (start_test, each save's answer): events are timed from it from now on. */
  serverTime(serverMs: number | undefined): void {
    if (serverMs !== undefined) this.serverClock = { server: serverMs, mono: this.mono() };
  }

  /**
   * An event's time: the server's clock at its last answer plus the time this page has counted
   * since (a monotonic clock, which setting the device's clock does not move); the device's clock
   * only before the server has answered. Never before the event before it.
   */
  private eventTime(): number {
    const c = this.serverClock;
    const t = Math.floor(c ? c.server + Math.max(0, this.mono() - c.mono) : this.now());
    return (this.lastT = Math.max(this.lastT, t));
  }

  /** An answer change the answer store gave `seq`. */
  append(item: string, response: string, seq: number): void {
    if (!this.state.setup) return;
    const e = { seq, item, response, t: this.eventTime() };
    this.events.push(e);
    this.persist([e]);
  }

  /** Every event with its prev, from the journal's base. */
  async chain(): Promise<{ events: JournalEvent[]; head: string }> {
    const base = this.state.base ?? "";
    for (let i = this.hashes.length; i < this.events.length; i++) {
      this.hashes.push(await eventHash({ ...this.events[i], prev: i === 0 ? base : this.hashes[i - 1] }));
    }
    const events = this.events.map((e, i) => ({ ...e, prev: i === 0 ? base : this.hashes[i - 1] }));
    return { events, head: this.hashes.at(-1) ?? base };
  }

  /** The events the server has not acknowledged, oldest first: at most `limit`, and (beyond the first) `maxChars` of responses. */
  async unsent(limit: number, maxChars = MAX_EVENT_CHARS_PER_SAVE): Promise<JournalEvent[]> {
    if (!this.state.setup) return [];
    const { events } = await this.chain();
    const out: JournalEvent[] = [];
    let chars = 0;
    for (const e of events) {
      if (e.seq <= this.state.ackedSeq) continue;
      chars += e.response.length;
      if (out.length >= limit || (out.length > 0 && chars > maxChars)) break;
      out.push(e);
    }
    return out;
  }

  /** A save carrying events up to `seq` got through: the server keeps them all. */
  ack(seq: number): void {
    this.lastAckAt = this.now();
    if (seq > this.state.ackedSeq) this.state = { ...this.state, ackedSeq: seq };
    this.persist([]);
  }

  markSubmitted(): void {
    if (this.state.submitted) return;
    this.state = { ...this.state, submitted: true };
    this.persist([]);
  }

  /** The attempt, the chain head and the chain's length from the genesis; null when this browser cannot know the length. */
  async record(): Promise<JournalRecord | null> {
    const { setup, baseEvents } = this.state;
    if (!setup || baseEvents === null || baseEvents === undefined) return null;
    const { head } = await this.chain();
    return { attempt_id: setup.attempt_id, head, events: baseEvents + this.events.length };
  }

  /** The record as it was when the submission was recorded (the journal itself is forgotten then). */
  get finishedRecord(): JournalRecord | null {
    return this.finished;
  }

  /** The submission is recorded: its record is kept in memory for the receipt's check, the rest forgotten. */
  async finish(): Promise<void> {
    this.finished = await this.record();
    this.forget();
  }

  /** The submission is recorded: nothing of the attempt stays on a shared computer. */
  forget(): void {
    const local = this.local;
    this.events = [];
    this.hashes = [];
    this.writes = this.writes.then(() => local?.clear()).catch(() => undefined);
    this.notify();
  }

  private persist(events: StoredEvent[]): void {
    const local = this.local;
    if (local) {
      const state = this.state;
      this.writes = this.writes
        .then(() => local.putJournal(events, state))
        .catch(() => {
          this.persistent = false;
          this.notify();
        });
    }
    this.notify();
  }

  private makeSnapshot(): JournalSnapshot {
    const pending = this.events.filter((e) => e.seq > this.state.ackedSeq).length;
    return { pending, lastAckAt: this.lastAckAt, persistent: this.persistent, ready: this.state.setup !== null, events: this.events.length };
  }

  private notify(): void {
    this.snapshot = this.makeSnapshot();
    for (const l of this.listeners) l();
  }
}
