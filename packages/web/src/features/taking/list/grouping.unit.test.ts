import { describe, expect, it } from "vitest";
import type { TestListEntry, TestListView } from "@parlance/contract";
import { groupByMethod } from "./grouping";

const entry = (assignedTestId: number, testMethod: TestListEntry["testMethod"]): TestListEntry => ({
  assignedTestId,
  candidateTestId: null,
  testAt: null,
  testDescription: `Test ${assignedTestId}`,
  testMethod,
  durationMinutes: 30,
  timeLimitMinutes: null,
  accountName: "Northwind Health",
  officeName: null,
  expiresAt: "2027-04-01T00:00:00Z",
  inProgress: false,
  startsNow: false,
  href: null,
  assignedTestIds: [assignedTestId],
  accountNames: ["Northwind Health"],
});
const empty: TestListView = { takableTests: [], upcomingTests: [], schedulableTests: [], purchasableTests: [], missedTests: [], offices: [] };

describe("the Take a Test list grouped by kind of test", () => {
  it("phone tests, paper tests and other tests apart, each keeping which list its entries are on", () => {
    const view = { ...empty, takableTests: [entry(1, "online"), entry(2, "ivr")], schedulableTests: [entry(3, "live")], purchasableTests: [entry(4, "paper")], missedTests: [entry(5, "ivr")] };
    const groups = groupByMethod(view);
    expect(groups.map((g) => [g.group, g.entries.map((x) => [x.entry.assignedTestId, x.kind])])).toEqual([
      ["phone", [[2, "takable"], [5, "missed"]]],
      ["paper", [[4, "purchasable"]]],
      ["other", [[1, "takable"], [3, "schedulable"]]],
    ]);
  });

  it("leaves out a group with no tests", () => {
    expect(groupByMethod({ ...empty, takableTests: [entry(1, "video")] }).map((g) => g.group)).toEqual(["other"]);
    expect(groupByMethod(empty)).toEqual([]);
  });
});
