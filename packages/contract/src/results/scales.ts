/**
 * The ALTA scale results are given in (levels 1 to 12, and 12+), mapped to CEFR, ILR and ACTFL.
 * One table, used by the scales page, the result reports, certificates and the verification page.
 *
 * Source and reasoning. ALTA Language Services publishes its scale (altalang.com, "ALTA Scale":
 * level 1 no ability at all, 2–4 beginner, 5–7 intermediate, 8–10 advanced, 11 nearly fluent,
 * 12 at a native speaker's level) and says it maps that scale onto the ILR, ACTFL and CEFR scales
 * without publishing the mapping on that page. The ILR and ACTFL columns follow a public
 * crosswalk that places ALTA results beside ILR ratings and ACTFL guideline levels (ALTA 1–2
 * Novice Low / ILR 0, 3 Novice Mid, 4 Novice High / 0+, 5 Intermediate Low / 1, 6 Intermediate
 * High / 1+, 7 Advanced Low–Mid / 2, 8 Advanced High / 2+, 9–10 Superior / 3–3+, 11–12
 * Distinguished / 4–4+, 12+ native / 5). CEFR follows from the ILR rating by the usual
 * correspondence (0 Pre-A1 or A1 by the description, 0+ A1, 1 A2, 1+ B1, 2–2+ B2, 3–3+ C1, 4 and above C2). The descriptions are
 * ours, short summaries of what a person at the level can do.
 */

export const ACTFL_LEVELS = [
  "novice_low",
  "novice_mid",
  "novice_high",
  "intermediate_low",
  "intermediate_high",
  "advanced_low_mid",
  "advanced_high",
  "superior",
  "distinguished",
] as const;
export type ActflLevel = (typeof ACTFL_LEVELS)[number];

/** English names of the ACTFL levels (the screens translate `scales.actfl.<code>`). */
export const ACTFL_TEXT: Record<ActflLevel, string> = {
  novice_low: "Novice Low",
  novice_mid: "Novice Mid",
  novice_high: "Novice High",
  intermediate_low: "Intermediate Low",
  intermediate_high: "Intermediate High",
  advanced_low_mid: "Advanced Low / Mid",
  advanced_high: "Advanced High",
  superior: "Superior",
  distinguished: "Distinguished",
};

export interface AltaLevel {
  /** The level as results store and print it: "1" … "12", "12+". */
  level: string;
  /** The level in i18n keys (`scales.levels.<key>`): "12+" is "12plus". */
  key: string;
  cefr: string;
  ilr: string;
  actfl: ActflLevel;
  /** English; the screens and PDFs translate `scales.levels.<key>` (a test keeps en-US equal to this). */
  description: string;
}

export const ALTA_SCALE: readonly AltaLevel[] = [
  { level: "1", key: "1", cefr: "Pre-A1", ilr: "0", actfl: "novice_low", description: "No ability in the language: understands and conveys nothing." },
  { level: "2", key: "2", cefr: "A1", ilr: "0", actfl: "novice_low", description: "Understands and uses isolated words, simple expressions and memorised sentences." },
  { level: "3", key: "3", cefr: "A1", ilr: "0", actfl: "novice_mid", description: "Understands and makes simple present-tense sentences; vocabulary covers elementary needs and basic courtesies." },
  { level: "4", key: "4", cefr: "A1", ilr: "0+", actfl: "novice_high", description: "Understands basic sentences and questions about the immediate setting; conveys basic information but struggles in conversation." },
  { level: "5", key: "5", cefr: "A2", ilr: "1", actfl: "intermediate_low", description: "Takes part in basic, routine conversations, mostly in the present tense." },
  { level: "6", key: "6", cefr: "B1", ilr: "1+", actfl: "intermediate_high", description: "Handles everyday social and simple work exchanges; uses past and future with frequent errors." },
  { level: "7", key: "7", cefr: "B2", ilr: "2", actfl: "advanced_low_mid", description: "Manages routine work tasks and conversations on familiar topics; errors rarely block understanding." },
  { level: "8", key: "8", cefr: "B2", ilr: "2+", actfl: "advanced_high", description: "Works effectively in the language: meetings, telephone calls, explaining ideas and details." },
  { level: "9", key: "9", cefr: "C1", ilr: "3", actfl: "superior", description: "Discusses complex and abstract topics with accuracy; handles most professional situations." },
  { level: "10", key: "10", cefr: "C1", ilr: "3+", actfl: "superior", description: "Communicates precisely on professional and specialised topics with only occasional lapses." },
  { level: "11", key: "11", cefr: "C2", ilr: "4", actfl: "distinguished", description: "Nearly fluent: sustains a wide range of demanding tasks with finesse." },
  { level: "12", key: "12", cefr: "C2", ilr: "4+", actfl: "distinguished", description: "Fluent: uses the language at the level of an educated native speaker." },
  { level: "12+", key: "12plus", cefr: "C2", ilr: "5", actfl: "distinguished", description: "Native command of the language, beyond the range the test measures." },
];

/** The scale row of a stored result, or undefined when the value is not an ALTA level. */
export function altaLevelOf(value: string | null | undefined): AltaLevel | undefined {
  if (!value) return undefined;
  const v = value.trim();
  return ALTA_SCALE.find((l) => l.level === v);
}
