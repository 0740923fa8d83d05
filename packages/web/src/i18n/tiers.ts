/**
 * The translation files' top-level sections in tiers, each downloaded when a screen first needs it
 * (issue 12: the sign-in page's 2 kB of strings instead of all 19 kB). A section in no list is in
 * `rest`. tiers.unit.test.ts checks that the code of each screen uses only the sections of the tiers
 * its route in app/router.tsx asks for.
 */
export const STRING_TIERS = {
  /** The frame of every screen (header, menus, banners, errors) and the sign-in page: before anything shows. */
  entry: ["common", "errors", "languages", "login", "messages", "nav", "notFound", "shell", "specMessages", "sso", "actingAs"],
  /** The other signed-out screens: a forgotten password, a new password, an account's activation. */
  account: ["activate", "assistance", "resetPassword"],
  /** Take a Test and the test flow, with the generic words they use too (ui: Ok, Cancel, Close, pages). */
  taking: ["taking", "ui"],
  /** The test page's own (its frame and the test in progress): not the list's (issue 26 §3). */
  flow: ["takingFlow", "interactions"],
  /**
   * The test page's stages around the test (capability check, prelude with the proctor's steps and
   * the phone call, Thank You): each stage's code brings them (i18n `withStrings`), so that a test
   * resumed in progress goes without them (issue 26 §3).
   */
  stages: ["phoneCallLink", "proctor", "takingStages"],
  /** Take a Test's list with the tests' status words of the test history, and its live test's video room (not the test flow's). */
  history: ["history", "takeTest", "video"],
} as const satisfies Record<string, readonly string[]>;

export type StringTier = keyof typeof STRING_TIERS | "rest";

export const ALL_STRING_TIERS: readonly StringTier[] = ["entry", "account", "taking", "flow", "stages", "history", "rest"];

/** The tier a top-level section belongs to. */
export function tierOf(section: string): StringTier {
  for (const [tier, sections] of Object.entries(STRING_TIERS)) if ((sections as readonly string[]).includes(section)) return tier as StringTier;
  return "rest";
}
