import type { TestListEntry, TestListView } from "@parlance/contract";
import type { ListKind } from "./TestEntryCard";

/** The five lists in the spec's order, each shown only when it has entries. */
export const SECTIONS: readonly { kind: ListKind; field: keyof Omit<TestListView, "offices"> }[] = [
  { kind: "takable", field: "takableTests" },
  { kind: "upcoming", field: "upcomingTests" },
  { kind: "schedulable", field: "schedulableTests" },
  { kind: "purchasable", field: "purchasableTests" },
  { kind: "missed", field: "missedTests" },
];

/** The list variant that groups by kind of test (candidate spec §2): phone, paper, then the others. */
export const METHOD_GROUPS = ["phone", "paper", "other"] as const;
export type MethodGroup = (typeof METHOD_GROUPS)[number];

export const methodGroupOf = (entry: TestListEntry): MethodGroup => (entry.testMethod === "ivr" ? "phone" : entry.testMethod === "paper" ? "paper" : "other");

/** Every entry with the list it is on, grouped by kind of test; each group keeps the lists' order. */
export function groupByMethod(view: TestListView): { group: MethodGroup; entries: { entry: TestListEntry; kind: ListKind }[] }[] {
  const all = SECTIONS.flatMap((s) => view[s.field].map((entry) => ({ entry, kind: s.kind })));
  return METHOD_GROUPS.map((group) => ({ group, entries: all.filter((x) => methodGroupOf(x.entry) === group) })).filter((g) => g.entries.length > 0);
}

export const isEmptyView = (view: TestListView) => SECTIONS.every((s) => view[s.field].length === 0);
