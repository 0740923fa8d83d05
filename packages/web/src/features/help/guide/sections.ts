/**
 * The help guides' accordion sections (evaluators-results-account.md §2: accessing portal, assigning
 * test, deleting test, adding candidate, bulk upload, create packages, outstanding paper tests, view
 * candidates, test history, offices, result recipients, groups, users, proctor service, account,
 * take test, testing scale), each with the screenshots of our own screens that show it
 * (public/help/<language>/<shot>.webp, made by scripts/help-screenshots.mjs).
 */
export const GUIDES = ["administrator", "candidate"] as const;
export type Guide = (typeof GUIDES)[number];

export const SECTION_IDS = [
  "accessing-portal",
  "assigning-test",
  "deleting-test",
  "adding-candidate",
  "bulk-upload",
  "create-packages",
  "outstanding-paper-tests",
  "view-candidates",
  "test-history",
  "offices",
  "result-recipients",
  "groups",
  "users",
  "proctor-service",
  "account",
  "take-test",
  "testing-scale",
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** Every screenshot the script makes, by name: the page it shows and who is signed in for it. */
export const SHOTS = {
  login: { path: "/login", as: null },
  "login-code": { path: "/login?use_code=1", as: null },
  "candidate-detail": { path: "/testing/candidates", as: "admin", openFirstCandidate: true },
  "candidate-new": { path: "/testing/candidates/new", as: "admin" },
  upload: { path: "/testing/candidates/upload", as: "admin" },
  groups: { path: "/testing/groups", as: "admin" },
  outstanding: { path: "/testing/candidates/outstanding_paper_tests", as: "admin" },
  candidates: { path: "/testing/candidates", as: "admin" },
  history: { path: "/testing/candidates/tests", as: "admin" },
  offices: { path: "/testing/settings", as: "admin" },
  recipients: { path: "/testing/settings/resultrecipients", as: "admin" },
  packages: { path: "/testing/settings/packages", as: "admin" },
  users: { path: "/testing/settings/users", as: "admin" },
  proctoring: { path: "/testing/settings/proctoring", as: "admin" },
  profile: { path: "/account/profile", as: "admin" },
  "take-test": { path: "/testing/tests", as: "candidate" },
  scales: { path: "/testing/scales", as: null },
} as const;
export type ShotName = keyof typeof SHOTS;

export const GUIDE_SECTIONS: Record<Guide, readonly { id: SectionId; shots: readonly ShotName[] }[]> = {
  administrator: [
    { id: "accessing-portal", shots: ["login"] },
    { id: "assigning-test", shots: ["candidate-detail"] },
    { id: "deleting-test", shots: ["candidate-detail"] },
    { id: "adding-candidate", shots: ["candidate-new"] },
    { id: "bulk-upload", shots: ["upload"] },
    { id: "create-packages", shots: ["groups"] },
    { id: "outstanding-paper-tests", shots: ["outstanding"] },
    { id: "view-candidates", shots: ["candidates"] },
    { id: "test-history", shots: ["history"] },
    { id: "offices", shots: ["offices"] },
    { id: "result-recipients", shots: ["recipients"] },
    { id: "groups", shots: ["packages"] },
    { id: "users", shots: ["users"] },
    { id: "proctor-service", shots: ["proctoring"] },
    { id: "account", shots: ["profile"] },
    { id: "testing-scale", shots: ["scales"] },
  ],
  candidate: [
    { id: "accessing-portal", shots: ["login-code"] },
    { id: "take-test", shots: ["take-test"] },
    { id: "account", shots: ["profile"] },
    { id: "testing-scale", shots: ["scales"] },
  ],
};

/** Where a screenshot is served (the language's own: the screens are shown in it). */
export const shotUrl = (language: string, shot: ShotName) => `/help/${language}/${shot}.webp`;
