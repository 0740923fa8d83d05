import type { OverviewEvent } from "@parlance/contract";

const dollars = (cents: number) => `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toFixed(2)}`;

/** The English description of an event (spec §3 `description`); the screens translate by type. */
export function describeEvent(e: Omit<OverviewEvent, "description">): string {
  switch (e.type) {
    case "result_received":
      return `Results received for ${e.subject}: ${e.test ?? ""}`.trim();
    case "scoring_overdue":
      return `Scoring is overdue for ${e.subject}: ${e.test ?? ""}`.trim();
    case "test_expiring":
      return `A test of ${e.subject} expires soon: ${e.test ?? ""}`.trim();
    case "payment_due":
      return e.test === null ? `Invoice ${e.subject} is due: ${dollars(e.amount_cents ?? 0)}` : `Payment due for ${e.test}: ${dollars(e.amount_cents ?? 0)}`;
  }
}
