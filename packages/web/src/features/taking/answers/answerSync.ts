import { MAX_ITEMS_PER_SAVE } from "@parlance/contract";
import { AnswerQueue, type LocalAnswer, type SeedItem } from "./answerQueue";
import type { AttemptMeta, LocalAnswers } from "./localAnswers";
import { SaveFailure, type SubmitOutput, type Transport } from "./transport";
import type { Environment } from "./environment";
import { retryDelayMs } from "./retryDelay";
export type { Environment } from "./environment";

/**
 * Keeps one attempt's answers safe (DESIGN.md §6): every answer is written to the browser's store
 * first, then sent to save_progress; the server's acknowledgement (the seq it holds per item) clears
 * it from the queue. Sends: 5 s after the first unsent change, at once when the page is hidden or the
 * flow asks (flush), and again after a failure with a growing delay or when the browser is back
 * online. No React here; useAnswerStore wraps it.
 */

export type SaveStatus = "saved" | "saving" | "offline" | "error";

export interface AnswerSnapshot {
  status: SaveStatus;
  /** Answers not yet acknowledged by the server. */
  pending: number;
  lastSavedAt: Date | null;
  /** Milliseconds left by the server's clock at the last save's answer (null when untimed or before one). */
  remainingMs: number | null;
  /** When remainingMs was received (ms since the epoch), so a countdown can go on from it. */
  remainingAt: number | null;
  /** The server refused a save because the time is over. */
  timeOver: boolean;
  /** The answers kept in the browser have been loaded. */
  ready: boolean;
  /** False when the browser refused IndexedDB: answers are kept only while this page is open. */
  persistent: boolean;
  error: { message: string; messageKey?: string } | null;
}

/** Spec §4/§9: "autosave 5 seconds after due". */
export const AUTOSAVE_DELAY_MS = 5_000;
/** Tries of a failing submit_test (network, server) before the candidate sees §8's message and can retry: never spin for ever. */
export const SUBMIT_TRIES = 2;
export { RETRY_DELAYS_MS } from "./retryDelay";

type Changed = { id: string; answer: LocalAnswer }[];

export class AnswerSync {
  private readonly queue = new AnswerQueue();
  private local: LocalAnswers | null = null;
  private loading: Promise<void> | null = null;
  /** Storage writes in order; a send waits for them, so nothing is sent that is not stored first. */
  private writes: Promise<void> = Promise.resolve();
  private started = false;
  private unlisten: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  /** A send was asked for while one was in flight: go again when it ends. */
  private again = false;
  private failures = 0;
  /** What the last failure's Retry-After asked for, in ms (0: nothing). */
  private retryAfterMs = 0;
  private networkDown = false;
  private failure: SaveFailure | null = null;
  private secondsBase = 0;
  private openedAt = 0;
  private submission: Promise<SubmitOutput> | null = null;
  private submitting = false; // the answers are not "all saved" until the submit is recorded
  private submitted = false;
  private retryWaiters: (() => void)[] = [];
  private listeners = new Set<() => void>();
  private snapshot: AnswerSnapshot;
  private lastSavedAt: Date | null = null;
  private remaining: { ms: number | null; at: number } | null = null;
  private persistent = true;

  constructor(
    readonly assignedTestId: number,
    private readonly openLocal: () => Promise<LocalAnswers>,
    private readonly transport: Transport,
    private readonly env: Environment,
  ) {
    this.snapshot = this.makeSnapshot(false);
  }

  // --- what the page reads -------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AnswerSnapshot => this.snapshot;

  get = (itemId: string): string | undefined => this.queue.get(itemId)?.response;
  seqOf = (itemId: string): number | undefined => this.queue.get(itemId)?.seq;

  // --- lifecycle ---------------------------------------------------------------------------------

  /** Loads what the browser kept (once), listens to the network and page, and sends what is unsent. */
  start(): Promise<void> {
    if (this.started) return this.loading ?? Promise.resolve();
    this.started = true;
    this.openedAt = this.env.now();
    this.unlisten = this.env.listen({
      online: () => this.onOnline(),
      offline: () => {
        this.networkDown = true;
        this.notify();
      },
      hidden: () => this.sendBeforeLeaving(),
    });
    this.loading ??= this.load();
    return this.loading.then(() => {
      if (this.started && this.queue.pendingCount() > 0) void this.pump();
    });
  }

  /** Stops timers and listeners (the page left the test); unsent answers go out with keepalive. */
  stop(): void {
    if (!this.started) return;
    this.sendBeforeLeaving();
    this.secondsBase = this.secondsTaken();
    this.started = false;
    this.unlisten?.();
    this.unlisten = null;
    this.clearTimer();
  }

  private async load(): Promise<void> {
    const local = await this.openLocal();
    const { answers, meta } = await local.load().catch(() => ({ answers: [], meta: { lastSeq: 0, secondsTaken: 0 } }));
    this.queue.restore(answers, meta.lastSeq);
    this.secondsBase += meta.secondsTaken;
    this.local = local;
    this.persistent = local.persistent;
    // Whatever was set or seeded before the store opened is written now.
    this.persist(this.queue.entries().map(([id, answer]) => ({ id, answer })));
    this.notify(true);
  }

  // --- answering ---------------------------------------------------------------------------------
  /** A new answer: stored in the browser now, sent by the autosave rule. */
  set = (itemId: string, response: string): void => {
    if (this.submitted || this.queue.get(itemId)?.response === response) return;
    const answer = this.queue.set(itemId, response, this.env.now());
    this.persist([{ id: itemId, answer }]);
    this.scheduleAutosave();
    this.notify();
  };

  /** What get_section answered: merged so the newer of the browser's and the server's answer wins. */
  seed = (items: SeedItem[]): void => {
    const changed = this.queue.seed(items);
    if (changed.length) this.persist(changed);
    if (this.queue.pendingCount() > 0) this.scheduleAutosave();
    this.notify();
  };

  /** Sends every unsent answer now; resolves when that send ends, whether or not it got through. */
  flush = async (): Promise<void> => {
    this.clearTimer();
    await this.pump();
  };

  /**
   * Submits the test: sends what is unsent, then submit_test with whatever is still unacknowledged.
   * Network and server failures are waited out and retried; the server answers a repeat with the
   * same receipt, so a submit whose answer was lost is simply made again.
   */
  submit = (secondsTaken: number): Promise<SubmitOutput> => {
    this.submission ??= this.submitUntilRecorded(secondsTaken)
      .catch((err: unknown) => {
        this.submission = null;
        throw err;
      })
      .finally(() => {
        this.submitting = false;
        this.notify();
      });
    return this.submission;
  };

  private async submitUntilRecorded(secondsTaken: number): Promise<SubmitOutput> {
    this.submitting = true;
    this.notify();
    let tries = 0;
    await this.loading;
    await this.flush();
    for (;;) {
      await this.writes;
      // More unsent than one request carries (a long offline spell on a long test): save first.
      const items = this.queue.unsent(MAX_ITEMS_PER_SAVE);
      const many = this.queue.pendingCount() > MAX_ITEMS_PER_SAVE;
      try {
        if (many) {
          await this.saveOnce(items, false);
          continue;
        }
        const receipt = await this.transport.submit({ id: this.assignedTestId, candidate_test_items: items, seconds_taken: secondsTaken });
        this.submitted = true;
        this.queue.ack(items);
        this.failure = null;
        this.networkDown = false;
        this.clearTimer();
        this.lastSavedAt = new Date(this.env.now());
        // Recorded on the server: nothing of this attempt needs to stay on a shared computer.
        this.writes = this.writes.then(() => this.local?.clear()).catch(() => undefined);
        this.notify();
        return receipt;
      } catch (err) {
        if (!(err instanceof SaveFailure) || err.kind === "rejected" || err.kind === "timeOver") {
          if (err instanceof SaveFailure) this.failed(err);
          throw err;
        }
        this.failed(err);
        if (++tries >= SUBMIT_TRIES) throw err;
        await this.waitForRetry();
      }
    }
  }

  // --- sending -----------------------------------------------------------------------------------

  private pump(): Promise<void> {
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    this.inFlight = this.sendUnsent().finally(() => {
      this.inFlight = null;
      // Unsent answers left (changed during the send) go by the autosave rule; a refused save waits for the next change.
      if (!this.timer && !this.failure && this.queue.pendingCount() > 0) this.scheduleAutosave();
      this.notify();
    });
    this.notify();
    return this.inFlight;
  }

  private async sendUnsent(): Promise<void> {
    await this.loading;
    for (;;) {
      this.again = false;
      await this.writes;
      if (!this.started || this.submitted || this.timeOver()) return;
      const items = this.queue.unsent(MAX_ITEMS_PER_SAVE);
      if (items.length === 0) {
        // Everything was acknowledged meanwhile (e.g. a reload's get_section showed the server has a
        // save sent with keepalive): an earlier failed send no longer says anything true.
        if (this.networkDown && this.env.isOnline()) {
          this.networkDown = false;
          this.failures = 0;
          this.notify();
        }
        return;
      }
      try {
        await this.saveOnce(items, false);
      } catch (err) {
        if (!(err instanceof SaveFailure)) throw err;
        this.failed(err);
        if (err.kind === "network" || err.kind === "server") this.scheduleRetry();
        return;
      }
      // Go on when asked during the send, or when one request could not carry everything.
      if (!this.again && items.length < MAX_ITEMS_PER_SAVE) return;
    }
  }

  private async saveOnce(items: ReturnType<AnswerQueue["unsent"]>, keepalive: boolean): Promise<void> {
    const out = await this.transport.save({ id: this.assignedTestId, candidate_test_items: items, seconds_taken: this.secondsTaken() }, { keepalive });
    this.failures = 0;
    this.networkDown = false;
    this.failure = null;
    this.lastSavedAt = new Date(this.env.now());
    this.remaining = { ms: out.time_limit, at: this.env.now() };
    this.persist(this.queue.ack(out.saved));
    this.notify();
  }

  /** The page is going away: send what is unsent with keepalive, beside any send in flight. */
  private sendBeforeLeaving(): void {
    if (!this.started || this.submitted || this.timeOver()) return;
    const items = this.queue.unsent(MAX_ITEMS_PER_SAVE);
    if (items.length === 0) return;
    // Repeats are harmless (the server keeps the newest seq), so this need not wait for the other send.
    this.saveOnce(items, true).catch((err: unknown) => {
      if (err instanceof SaveFailure) this.failed(err);
    });
  }

  private failed(err: SaveFailure): void {
    if (err.kind === "network") this.networkDown = true;
    this.retryAfterMs = err.retryAfterMs ?? 0;
    if (err.kind === "network" || err.kind === "server") this.failures++;
    else {
      this.failure = err;
      this.clearTimer();
    }
    this.notify();
  }

  private onOnline(): void {
    this.networkDown = false;
    this.wakeRetryWaiters();
    if (this.queue.pendingCount() > 0 && !this.timeOver()) {
      this.clearTimer();
      void this.pump();
    }
    this.notify();
  }

  private scheduleAutosave(): void {
    if (!this.started || this.timer || this.submitted || this.timeOver()) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pump();
    }, AUTOSAVE_DELAY_MS);
  }

  private scheduleRetry(): void {
    this.clearTimer();
    if (!this.started) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pump();
    }, retryDelayMs(this.failures, this.retryAfterMs));
  }

  /** Resolves after the retry delay, or sooner when the browser comes back online. */
  private waitForRetry(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, retryDelayMs(this.failures, this.retryAfterMs));
      this.retryWaiters.push(done);
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  private wakeRetryWaiters(): void {
    const waiters = this.retryWaiters;
    this.retryWaiters = [];
    for (const w of waiters) w();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  // --- storage and state -------------------------------------------------------------------------

  private secondsTaken(): number {
    return this.started ? this.secondsBase + Math.max(0, Math.floor((this.env.now() - this.openedAt) / 1000)) : this.secondsBase;
  }

  private meta(): AttemptMeta {
    return { lastSeq: this.queue.lastSeq, secondsTaken: this.secondsTaken() };
  }

  private persist(changed: Changed): void {
    const local = this.local;
    if (!local || changed.length === 0) return;
    const meta = this.meta();
    this.writes = this.writes
      .then(() => local.put(changed, meta))
      .catch(() => {
        // The browser stopped accepting writes (quota, a cleared site): the page's memory still
        // holds every answer, and the indicator says they are not kept on this device any more.
        this.persistent = false;
        this.notify();
      });
  }

  private timeOver(): boolean {
    return this.failure?.kind === "timeOver";
  }

  private makeSnapshot(ready: boolean): AnswerSnapshot {
    const pending = this.queue.pendingCount();
    const failure = this.failure;
    const status: SaveStatus = failure ? "error" : this.networkDown || !this.env.isOnline() ? "offline" : pending > 0 || this.inFlight ? "saving" : "saved";
    return {
      status: this.submitted ? "saved" : this.submitting && status === "saved" ? "saving" : status,
      pending,
      lastSavedAt: this.lastSavedAt,
      remainingMs: this.remaining?.ms ?? null,
      remainingAt: this.remaining?.at ?? null,
      timeOver: this.timeOver(),
      ready,
      persistent: this.persistent,
      error: failure ? { message: failure.message, messageKey: failure.messageKey } : null,
    };
  }

  private notify(ready = this.snapshot.ready): void {
    this.snapshot = this.makeSnapshot(ready);
    for (const l of this.listeners) l();
  }
}
