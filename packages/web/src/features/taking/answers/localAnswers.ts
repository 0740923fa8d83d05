import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { JournalSetup } from "@parlance/contract";
import type { LocalAnswer } from "./answerQueue";

/**
 * Where the browser keeps an attempt's answers before (and after) the server has them: IndexedDB,
 * so a reload, a closed tab or a crashed browser loses nothing. Each attempt has its own key (the
 * signed-in user and the assigned test), so two candidates sharing a computer never see each other's
 * answers. When IndexedDB cannot be used (some private windows) the answers live in memory only and
 * `persistent` says so, for the indicator to tell the candidate.
 */

export interface AttemptMeta {
  lastSeq: number;
  /** Seconds the test page has been open, summed over reloads (sent as seconds_taken). */
  secondsTaken: number;
}

/** One answer change of the journal as kept (its prev hash is worked out when sent or sealed). */
export interface StoredEvent {
  seq: number;
  item: string;
  response: string;
  t: number;
}

/** The journal's state beside its events (issue 27). */
export interface JournalState {
  setup: JournalSetup | null;
  /** The prev of the first event kept: the genesis, or the server's head when this browser began later. */
  base: string | null;
  /** The events on the server's chain up to base (start_test's head_events); null when not known (a journal kept before it was given). */
  baseEvents?: number | null;
  /** The newest seq the server has acknowledged receiving (every event up to it was sent). */
  ackedSeq: number;
  /** The candidate asked to submit (or the time ran out) and the server has not recorded it yet. */
  submitted: boolean;
}

export interface LocalAnswers {
  readonly persistent: boolean;
  load(): Promise<{ answers: { id: string; answer: LocalAnswer }[]; meta: AttemptMeta }>;
  /** Writes answers and the attempt's counters in one transaction. */
  put(answers: { id: string; answer: LocalAnswer }[], meta: AttemptMeta): Promise<void>;
  loadJournal(): Promise<{ events: StoredEvent[]; state: JournalState | null }>;
  putJournal(events: StoredEvent[], state: JournalState): Promise<void>;
  /** Forgets the attempt (after the server has recorded its submission). */
  clear(): Promise<void>;
  close(): void;
}

const DB_NAME = "parlance-answers";

interface AnswersDb extends DBSchema {
  answers: { key: [string, string]; value: { attempt: string; itemId: string } & LocalAnswer };
  attempts: { key: string; value: { attempt: string } & AttemptMeta };
  events: { key: [string, number]; value: { attempt: string } & StoredEvent };
  journals: { key: string; value: { attempt: string } & JournalState };
}

const emptyMeta = (): AttemptMeta => ({ lastSeq: 0, secondsTaken: 0 });

/** An attempt's key: whose and which test. */
export const attemptKey = (user: string, assignedTestId: number) => `${user}#${assignedTestId}`;

const attemptRange = (attempt: string) => IDBKeyRange.bound([attempt, ""], [attempt, "\uffff"]);
const eventRange = (attempt: string) => IDBKeyRange.bound([attempt, 0], [attempt, Number.MAX_SAFE_INTEGER]);
const STORES = ["answers", "attempts", "events", "journals"] as const;

class IndexedDbAnswers implements LocalAnswers {
  readonly persistent = true;
  constructor(
    private readonly db: IDBPDatabase<AnswersDb>,
    private readonly attempt: string,
  ) {}

  async load() {
    const tx = this.db.transaction(["answers", "attempts"], "readonly");
    const [rows, meta] = await Promise.all([tx.objectStore("answers").getAll(attemptRange(this.attempt)), tx.objectStore("attempts").get(this.attempt)]);
    await tx.done;
    return {
      answers: rows.map((r) => ({ id: r.itemId, answer: { response: r.response, seq: r.seq, ackedSeq: r.ackedSeq } })),
      meta: meta ? { lastSeq: meta.lastSeq, secondsTaken: meta.secondsTaken } : emptyMeta(),
    };
  }

  async put(answers: { id: string; answer: LocalAnswer }[], meta: AttemptMeta) {
    const tx = this.db.transaction(["answers", "attempts"], "readwrite");
    const store = tx.objectStore("answers");
    for (const { id, answer } of answers) void store.put({ attempt: this.attempt, itemId: id, ...answer });
    void tx.objectStore("attempts").put({ attempt: this.attempt, ...meta });
    await tx.done;
  }

  async loadJournal() {
    const tx = this.db.transaction(["events", "journals"], "readonly");
    const [rows, state] = await Promise.all([tx.objectStore("events").getAll(eventRange(this.attempt)), tx.objectStore("journals").get(this.attempt)]);
    await tx.done;
    const events = rows.map(({ seq, item, response, t }) => ({ seq, item, response, t }));
    return { events, state: state ? { setup: state.setup, base: state.base, baseEvents: state.baseEvents ?? null, ackedSeq: state.ackedSeq, submitted: state.submitted } : null };
  }

  async putJournal(events: StoredEvent[], state: JournalState) {
    const tx = this.db.transaction(["events", "journals"], "readwrite");
    for (const e of events) void tx.objectStore("events").put({ attempt: this.attempt, ...e });
    void tx.objectStore("journals").put({ attempt: this.attempt, ...state });
    await tx.done;
  }

  async clear() {
    const tx = this.db.transaction([...STORES], "readwrite");
    void tx.objectStore("answers").delete(attemptRange(this.attempt));
    void tx.objectStore("attempts").delete(this.attempt);
    void tx.objectStore("events").delete(eventRange(this.attempt));
    void tx.objectStore("journals").delete(this.attempt);
    await tx.done;
  }

  close() {
    this.db.close();
  }
}

/** Only this page's memory: what the page keeps when IndexedDB is refused. */
export class MemoryAnswers implements LocalAnswers {
  readonly persistent = false;
  private answers = new Map<string, LocalAnswer>();
  private meta = emptyMeta();
  private events = new Map<number, StoredEvent>();
  private journal: JournalState | null = null;

  load() {
    return Promise.resolve({ answers: [...this.answers].map(([id, answer]) => ({ id, answer })), meta: { ...this.meta } });
  }
  put(answers: { id: string; answer: LocalAnswer }[], meta: AttemptMeta) {
    for (const { id, answer } of answers) this.answers.set(id, answer);
    this.meta = { ...meta };
    return Promise.resolve();
  }
  loadJournal() {
    return Promise.resolve({ events: [...this.events.values()].sort((a, b) => a.seq - b.seq), state: this.journal && { ...this.journal } });
  }
  putJournal(events: StoredEvent[], state: JournalState) {
    for (const e of events) this.events.set(e.seq, e);
    this.journal = { ...state };
    return Promise.resolve();
  }
  clear() {
    this.answers.clear();
    this.events.clear();
    this.journal = null;
    this.meta = emptyMeta();
    return Promise.resolve();
  }
  close() {}
}

/** Opens the attempt's IndexedDB store, or falls back to memory when the browser refuses it. */
export async function openLocalAnswers(attempt: string): Promise<LocalAnswers> {
  try {
    if (typeof indexedDB === "undefined") return new MemoryAnswers();
    // Version 2 adds the journal (issue 27) beside the answers a version 1 page may have left.
    const db = await openDB<AnswersDb>(DB_NAME, 2, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          database.createObjectStore("answers", { keyPath: ["attempt", "itemId"] });
          database.createObjectStore("attempts", { keyPath: "attempt" });
        }
        database.createObjectStore("events", { keyPath: ["attempt", "seq"] });
        database.createObjectStore("journals", { keyPath: "attempt" });
      },
    });
    const local = new IndexedDbAnswers(db, attempt);
    // A store that opens but cannot be written (a full disk) is found out now, not at the first answer.
    await local.load();
    return local;
  } catch {
    return new MemoryAnswers();
  }
}
