import { eq } from "drizzle-orm";
import { paymentMessages, type CardPaymentStart } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Scope } from "../auth/scope.js";
import { accounts } from "../db/schema.js";
import { badRequest, HttpError } from "../http/errors.js";
import { listFees, type FeeLineItem } from "./fees.js";
import { startCardPayment } from "./start.js";
import { testItemId } from "./tests-source.js";
import "./tests-source.js";

type Ctx = Pick<AppContext, "config" | "db">;

const strip = ({ id, kind, description, amountCents }: FeeLineItem) => ({ id, kind, description, amountCents });

/**
 * GET /api/payments/fees: the fees the session may pay. With a Take a Test reference (a{id} or
 * s{id}) that test's item is selected and only its employer's fees are listed (one payment is one
 * employer's); a test that needs no payment (or is not the session's) answers 404.
 */
export async function feesToPay(ctx: Ctx, scope: Scope, input: { ref?: string }) {
  let items = await listFees(ctx.db, scope);
  let selected: string[] = [];
  if (input.ref) {
    const id = testItemId(Number(input.ref.slice(1)));
    const item = items.find((i) => i.id === id);
    if (!item) throw new HttpError(404, paymentMessages.testNotFound, "payments.errors.testNotFound");
    items = items.filter((i) => i.accountId === item.accountId);
    selected = [id];
  }
  const accountIds = [...new Set(items.map((i) => i.accountId))];
  let accountName: string | null = null;
  if (accountIds.length === 1 && accountIds[0] !== undefined) {
    const [account] = await ctx.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountIds[0]));
    accountName = account?.name ?? null;
  }
  return { items: items.map(strip), selected, accountName };
}

/** POST /api/payments/start: the chosen items, each listed for the session and all of one employer. */
export async function startFeePayment(ctx: Ctx, scope: Scope, input: { itemIds: string[] }): Promise<CardPaymentStart> {
  const listed = new Map((await listFees(ctx.db, scope)).map((i) => [i.id, i]));
  const ids = [...new Set(input.itemIds)];
  const items = ids.map((id) => listed.get(id));
  if (items.some((i) => i === undefined)) throw badRequest(paymentMessages.badItem, "payments.errors.badItem");
  const chosen = items as FeeLineItem[];
  const accountIds = new Set(chosen.map((i) => i.accountId));
  const accountId = chosen[0]!.accountId;
  if (accountIds.size !== 1 || accountId === undefined) throw badRequest(paymentMessages.mixedAccounts, "payments.errors.mixedAccounts");
  const description = chosen.map((i) => i.description).join(", ").slice(0, 200);
  return startCardPayment(ctx, scope, { items: chosen, description, accountId, payerUserId: scope.userId });
}
