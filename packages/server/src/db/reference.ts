import { languages } from "./schema.js";
import type { Db } from "./client.js";

/**
 * Reference data every database holds, the demo world or not: the catalogue's languages (the test
 * form's and the evaluator profile's choices; 140, 104 and 106 are the specs' candidate language
 * ids). No screen edits them, so a production database, which never gets the demo world, has them
 * from here: inserted after the migrations on every start, missing rows only.
 */
export const CATALOGUE_LANGUAGES = [
  { id: 140, code: "en", name: "English" },
  { id: 104, code: "zh-Hans", name: "Chinese (Simplified)" },
  { id: 106, code: "zh-Hant", name: "Chinese (Traditional)" },
  { id: 100, code: "cmn", name: "Mandarin" },
  { id: 150, code: "es", name: "Spanish" },
  { id: 10, code: "ar", name: "Arabic" },
  { id: 160, code: "vi", name: "Vietnamese" },
  { id: 50, code: "fr", name: "French" },
] as const;

/** Adds the reference rows a database lacks (never changes or removes one). */
export async function insertReferenceData(db: Db): Promise<void> {
  await db
    .insert(languages)
    .values(CATALOGUE_LANGUAGES.map((l) => ({ ...l })))
    .onConflictDoNothing({ target: languages.id });
}
