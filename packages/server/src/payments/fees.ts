import type { Scope } from "../auth/scope.js";
import type { Tx } from "../db/tx.js";

/**
 * The registry of what can be paid for (docs: /work/helpers/PAYMENTS-SEAM.md). Each area that
 * charges registers its source once, at module load: "tests" (payments/tests-source.ts),
 * "proctoring", "invoice", "translation". A payment's items are fee line items of these sources;
 * when the payment succeeds, each source's `settle` runs inside the settling transaction.
 */
export interface FeeLineItem {
  /** "<source>:<id>", e.g. "test:123", "proctoring:7". */
  id: string;
  kind: string;
  description: string;
  amountCents: number;
  /** The account the fee is owed to (a payment covers one account's fees). */
  accountId?: number;
}

export interface FeeSource {
  kind: "tests" | "proctoring" | "invoice" | "translation" | (string & {});
  /** Unpaid fee line items the scope may pay (tenant-scoped; [] if none). */
  list(tx: Tx, scope: Scope): Promise<FeeLineItem[]>;
  /**
   * Of these item ids, the ones still owed now. Asked under the lock of the debts when a payment
   * starts (payments/start.ts): a debt that is no longer owed is "already paid", never charged again.
   */
  outstanding(tx: Tx, itemIds: string[]): Promise<string[]>;
  /** Called once, inside the settling transaction, when the payment succeeded. Idempotent. */
  settle(tx: Tx, itemIds: string[], payment: { id: number; amountCents: number }): Promise<void>;
}

const sources = new Map<string, FeeSource>();

export function registerFeeSource(source: FeeSource): void {
  sources.set(source.kind, source);
}

export function feeSources(): FeeSource[] {
  return [...sources.values()];
}

export function feeSource(kind: string): FeeSource | undefined {
  return sources.get(kind);
}

/** Every unpaid item the scope may pay, over all sources. */
export async function listFees(tx: Tx, scope: Scope): Promise<FeeLineItem[]> {
  const lists = await Promise.all(feeSources().map((s) => s.list(tx, scope)));
  return lists.flat();
}
