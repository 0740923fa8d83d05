import type { NavLinkDef } from "../../ui/links";

/** The eight cards of the Language Testing home (client-administration.md §2), in the spec's order. */
export const TESTING_CARDS: readonly (NavLinkDef & { descriptionKey: string })[] = [
  { to: "/testing/tests", labelKey: "testingHome.cards.tests", descriptionKey: "testingHome.cards.testsText", permission: "tests" },
  { to: "/testing/candidates", labelKey: "testingHome.cards.candidates", descriptionKey: "testingHome.cards.candidatesText", permission: "candidates" },
  { to: "/testing/candidates/tests", labelKey: "testingHome.cards.testHistory", descriptionKey: "testingHome.cards.testHistoryText", permission: "testHistory" },
  { to: "/testing/evaluators/schedule", labelKey: "testingHome.cards.evaluatorSchedule", descriptionKey: "testingHome.cards.evaluatorScheduleText", permission: "evaluatorSchedule" },
  { to: "/testing/groups", labelKey: "testingHome.cards.groups", descriptionKey: "testingHome.cards.groupsText", permission: "groups" },
  { to: "/testing/candidates/outstanding_paper_tests", labelKey: "testingHome.cards.outstandingPaperTests", descriptionKey: "testingHome.cards.outstandingPaperTestsText", permission: "outstandingPaperTests" },
  { to: "/testing/results", labelKey: "testingHome.cards.results", descriptionKey: "testingHome.cards.resultsText", permission: "results" },
  { to: "/testing/settings", labelKey: "testingHome.cards.settings", descriptionKey: "testingHome.cards.settingsText", permission: "settings" },
];
