import { refuse } from "./refusal.js";

/**
 * How many files one server reads at once (issue 24: six previews of a heavy workbook at once took
 * the server from 800 MiB to 2.1 GiB). A preview holds its file and its reader's memory while it
 * reads and checks; past `slots` at once, previews wait their turn in a queue of `queue`, and past
 * that the server answers 503 with Retry-After. Per process (what it bounds is the process's memory):
 * config.uploadReads, two at once and eight waiting by default.
 */
export class ParseSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly slots: number,
    readonly queue: number,
  ) {}

  /** Waits for a slot (or refuses with 503 busy when the queue is full); the release frees it once. */
  async acquire(): Promise<() => void> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.queue) throw refuse("busy");
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line (running stays the same).
      if (next) next();
      else this.running--;
    };
  }

  /** Runs `work` in a slot. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/** Seconds a refused upload is told to wait before it tries again. */
export const BUSY_RETRY_SECONDS = 30;
