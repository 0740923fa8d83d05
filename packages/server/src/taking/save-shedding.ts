import type { FastifyInstance } from "fastify";
import { specMessages, takingRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { saveBatcherOf, type SaveBatcher } from "./save-batcher.js";

/**
 * Admission control of autosaves (issue 26): a process that cannot keep up refuses new saves at
 * once with 503 + Retry-After instead of queueing them. A refusal costs a header parse and a few
 * bytes (it is answered before the body is read or the session checked), so the saves it admits
 * keep a bounded latency however many arrive, and nothing queues without bound. Nothing of a
 * refused save is written: the browser keeps the answers and sends them again (by seq) after
 * Retry-After. A save is refused when any of these is over its bound (config.saveShedding):
 * - the event loop is late (the process's CPU is starved: every request waits behind it);
 * - saves in flight in this process (admitted, not yet answered) are too many: by Little's law
 *   the latency of the admitted is at most that many over the rate the process answers;
 * - saves waiting for a statement (save-batcher.ts) are too many, or the oldest waited too long
 *   (the database or the pool is the limit).
 */
export interface SaveSheddingLimits {
  /** Event-loop delay in ms above which saves are refused. */
  loopDelayMs: number;
  /** Saves in flight in this process at most (admitted, not yet answered). */
  inFlight: number;
  /** Saves waiting for a statement at most (0: refuse every save, for tests). */
  queued: number;
  /** The oldest waiting save's wait in ms at most. */
  waitMs: number;
  /** What Retry-After says, in seconds. */
  retryAfterSeconds: number;
}

const TICK_MS = 20;
/**
 * Each tick's lateness weighs this much in the average: sustained lateness (a starved CPU) counts,
 * one long synchronous task does not (on the embedded database a slow statement holds the thread
 * alone for a moment, and refusing the saves after it would help nothing).
 */
const WEIGHT = 0.2;

/** How late the event loop runs: a timer every 20 ms and how late it fires, averaged over the last few ticks. */
export class LoopDelay {
  private last = performance.now();
  private average = 0;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor() {
    this.timer = setInterval(() => {
      const now = performance.now();
      this.average += WEIGHT * (Math.max(now - this.last - TICK_MS, 0) - this.average);
      this.last = now;
    }, TICK_MS);
    // Never keeps the process alive on its own.
    this.timer.unref();
  }

  /** The recent delay in ms. */
  current(): number {
    return this.average;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export type Refusal = "loopDelay" | "inFlight" | "queued" | "wait";

/** Why a new save would be refused now, or null when it is admitted. */
export function refusalOf(
  limits: SaveSheddingLimits,
  loop: Pick<LoopDelay, "current">,
  batcher: Pick<SaveBatcher, "waiting" | "oldestWaitMs">,
  inFlight: number,
): Refusal | null {
  if (inFlight >= limits.inFlight) return "inFlight";
  if (batcher.waiting() >= limits.queued) return "queued";
  if (batcher.oldestWaitMs() > limits.waitMs) return "wait";
  if (loop.current() > limits.loopDelayMs) return "loopDelay";
  return null;
}

/** Refusals so far by reason (/metrics: parlance_taking_saves_refused_total). */
export const shedCounts: Record<Refusal, number> = { loopDelay: 0, inFlight: 0, queued: 0, wait: 0 };

const SAVE_ROUTE = takingRoutes.save.path;
const FAILURE = takingRoutes.save.failure ?? "generic";

/** Installs the admission check on save_progress, ahead of the body, the session and the statement. */
export function installSaveShedding(app: FastifyInstance, ctx: AppContext): void {
  const loop = new LoopDelay();
  app.addHook("onClose", async () => loop.stop());
  let batcher: SaveBatcher | null = null;
  let inFlight = 0;
  const limits = () => ctx.config.saveShedding;
  app.addHook("onRequest", async (req, reply) => {
    if (req.routeOptions.url !== SAVE_ROUTE) return;
    batcher ??= saveBatcherOf(ctx.database, ctx.config.sessionIdleMs);
    const refusal = refusalOf(limits(), loop, batcher, inFlight);
    if (!refusal) {
      inFlight++;
      // "close" comes once the answer is sent or the client went away: either way it is no longer in flight.
      reply.raw.once("close", () => inFlight--);
      return;
    }
    shedCounts[refusal]++;
    // The route's own spec message: the browser shows it only if saving stays impossible.
    return reply
      .code(503)
      .header("retry-after", String(limits().retryAfterSeconds))
      .header("cache-control", "no-store")
      .send({ message: specMessages[FAILURE], messageKey: `specMessages.${FAILURE}` });
  });
}
