import type { Database } from "../db/client.js";
import { runSaveStatement, type SaveFacts, type SaveRequest } from "./save-statement.js";

/**
 * Autosaves that arrive while earlier ones are being written go to the database together, as one
 * statement: under load, one round trip, one lock pass and one commit serve many candidates,
 * which is what lets the server come near the database's own rate (issue 12). Nothing waits on
 * a timer: with a connection free a save goes at once, alone; only saves that would otherwise
 * queue for a connection are gathered. A batch never holds two saves of one attempt (the second
 * waits for the next batch), so each attempt's saves still take turns in arrival order.
 */

interface Pending {
  save: SaveRequest;
  resolve: (facts: { facts: SaveFacts; now: Date }) => void;
  reject: (err: unknown) => void;
  /** When it arrived (performance.now()): how long the oldest has waited bounds admission (save-shedding.ts). */
  at: number;
}

/** Statements in flight at once: leaves the rest of the pool (10) to every other request. */
const IN_FLIGHT = { postgres: 4, pglite: 1 } as const;
const MAX_BATCH = 256;

export class SaveBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  /** How many statements have carried how many saves (the batching at work, for tests and benchmarks). */
  readonly written = { statements: 0, saves: 0 };

  constructor(
    private readonly database: Pick<Database, "sql" | "kind">,
    private readonly sessionIdleMs: number,
  ) {}

  /** The save's facts, and the instant they were checked at (the statement's `now`). */
  save(save: SaveRequest): Promise<{ facts: SaveFacts; now: Date }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ save, resolve, reject, at: performance.now() });
      this.pump();
    });
  }

  /** Saves waiting for a statement. */
  waiting(): number {
    return this.queue.length;
  }

  /** How long the oldest waiting save has waited, in ms (0 when none waits). */
  oldestWaitMs(): number {
    return this.queue.length ? performance.now() - this.queue[0].at : 0;
  }

  private pump(): void {
    while (this.inFlight < IN_FLIGHT[this.database.kind] && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** The oldest saves, at most one per attempt, in arrival order. */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const attempts = new Set<number>();
    const rest: Pending[] = [];
    for (const p of this.queue) {
      if (batch.length < MAX_BATCH && !attempts.has(p.save.assignedTestId)) {
        attempts.add(p.save.assignedTestId);
        batch.push(p);
      } else rest.push(p);
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Pending[]): Promise<void> {
    const now = new Date();
    this.written.statements++;
    this.written.saves += batch.length;
    try {
      const facts = await runSaveStatement(this.database.sql, batch.map((p) => p.save), now, this.sessionIdleMs);
      batch.forEach((p, i) => p.resolve({ facts: facts[i], now }));
    } catch (err) {
      // The batch is one transaction: nothing of it was written, and each save answers the error.
      for (const p of batch) p.reject(err);
    }
  }
}

// One batcher per database handle (tests open several databases in one process).
const batchers = new WeakMap<object, SaveBatcher>();

export function saveBatcherOf(database: Pick<Database, "sql" | "kind">, sessionIdleMs: number): SaveBatcher {
  let batcher = batchers.get(database);
  if (!batcher) batchers.set(database, (batcher = new SaveBatcher(database, sessionIdleMs)));
  return batcher;
}
