import type { NavLinkDef } from "../../ui/links";

/**
 * Role-dependent quick links of the overview, by the authorised flags the overview receives
 * (Candidates, TestHistory, Tests, EvaluatorSchedule, Results, Groups, OutstandingPaperTests,
 * Settings) and the other permissions, so that every role has some (the Administrator and the
 * News Manager: news administration; everyone: the news). Only those whose screen exists are shown.
 */
export const QUICK_LINKS: readonly (NavLinkDef & { descriptionKey: string })[] = [
  { to: "/testing/tests", labelKey: "overview.links.tests", descriptionKey: "overview.links.testsText", permission: "tests" },
  { to: "/testing/candidates", labelKey: "overview.links.candidates", descriptionKey: "overview.links.candidatesText", permission: "candidates" },
  { to: "/testing/candidates/tests", labelKey: "overview.links.testHistory", descriptionKey: "overview.links.testHistoryText", permission: "testHistory" },
  { to: "/testing/evaluators/schedule", labelKey: "overview.links.evaluatorSchedule", descriptionKey: "overview.links.evaluatorScheduleText", permission: "evaluatorSchedule" },
  { to: "/testing/results", labelKey: "overview.links.results", descriptionKey: "overview.links.resultsText", permission: "results" },
  { to: "/testing/groups", labelKey: "overview.links.groups", descriptionKey: "overview.links.groupsText", permission: "groups" },
  { to: "/testing/candidates/outstanding_paper_tests", labelKey: "overview.links.outstandingPaperTests", descriptionKey: "overview.links.outstandingPaperTestsText", permission: "outstandingPaperTests" },
  { to: "/testing/settings", labelKey: "overview.links.settings", descriptionKey: "overview.links.settingsText", permission: "settings" },
  { to: "/account/availability", labelKey: "overview.links.availability", descriptionKey: "overview.links.availabilityText", permission: "availability" },
  { to: "/account/invoices", labelKey: "overview.links.invoices", descriptionKey: "overview.links.invoicesText", permission: "invoices" },
  { to: "/admin/news", labelKey: "overview.links.manageNews", descriptionKey: "overview.links.manageNewsText", permission: "manageNews" },
  { to: "/admin", labelKey: "overview.links.admin", descriptionKey: "overview.links.adminText", permission: "manageNews" },
  { to: "/testing", labelKey: "overview.links.languageTesting", descriptionKey: "overview.links.languageTestingText", permission: "languageTesting" },
  { to: "/news", labelKey: "overview.links.news", descriptionKey: "overview.links.newsText", signedIn: true },
];
