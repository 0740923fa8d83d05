import type { TestDuration, TestMethod, TestType } from "@parlance/contract";
import { TEST_FEES_CENTS } from "@parlance/contract";
import type { Db } from "../db/client.js";
import {
  accountTests,
  healthcareRoles,
  healthcareSpecialties,
  medicalTestSets,
  medicalTestSetTests,
  tests,
} from "../db/schema.js";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

interface DemoTest {
  key: string;
  description: string;
  languageId: number;
  method: TestMethod;
  durationMinutes: TestDuration;
  timeLimitMinutes: number | null;
  proctored: boolean;
  testType: TestType;
  isMedical?: boolean;
}

/** The demo catalogue (in the languages of db/reference.ts): every method, six languages, medical tests for the medical sets. */
export const DEMO_TESTS: readonly DemoTest[] = [
  { key: "en-reading", description: "English Reading Proficiency", languageId: 140, method: "online", durationMinutes: 60, timeLimitMinutes: 60, proctored: false, testType: "reading" },
  { key: "en-writing", description: "English Writing Proficiency", languageId: 140, method: "online", durationMinutes: 60, timeLimitMinutes: 60, proctored: false, testType: "writing" },
  { key: "en-listening", description: "English Listening Comprehension", languageId: 140, method: "online", durationMinutes: 30, timeLimitMinutes: 30, proctored: false, testType: "listening_speaking" },
  { key: "en-reading-proctored", description: "English Reading Proficiency (Proctored)", languageId: 140, method: "online", durationMinutes: 60, timeLimitMinutes: 60, proctored: true, testType: "reading" },
  { key: "es-en-translation", description: "Spanish to English Translation", languageId: 150, method: "online", durationMinutes: 120, timeLimitMinutes: 120, proctored: false, testType: "translation" },
  { key: "es-ls-ivr", description: "Spanish Listening and Speaking (Phone)", languageId: 150, method: "ivr", durationMinutes: 30, timeLimitMinutes: null, proctored: false, testType: "listening_speaking" },
  { key: "es-ls-live", description: "Spanish Listening and Speaking (Live)", languageId: 150, method: "live", durationMinutes: 30, timeLimitMinutes: null, proctored: false, testType: "listening_speaking" },
  { key: "es-reading-paper", description: "Spanish Reading (Paper)", languageId: 150, method: "paper", durationMinutes: 60, timeLimitMinutes: 60, proctored: true, testType: "reading" },
  { key: "cmn-ls-video", description: "Mandarin Listening and Speaking (Video)", languageId: 100, method: "video", durationMinutes: 30, timeLimitMinutes: null, proctored: false, testType: "listening_speaking" },
  { key: "zh-writing", description: "Chinese Writing (Simplified)", languageId: 104, method: "online", durationMinutes: 60, timeLimitMinutes: 60, proctored: false, testType: "writing" },
  { key: "ar-reading", description: "Arabic Reading Proficiency", languageId: 10, method: "online", durationMinutes: 60, timeLimitMinutes: 60, proctored: false, testType: "reading" },
  { key: "ar-ls-ivr", description: "Arabic Listening and Speaking (Phone)", languageId: 10, method: "ivr", durationMinutes: 30, timeLimitMinutes: null, proctored: false, testType: "listening_speaking" },
  { key: "vi-ls-live", description: "Vietnamese Listening and Speaking (Live)", languageId: 160, method: "live", durationMinutes: 30, timeLimitMinutes: null, proctored: false, testType: "listening_speaking" },
  { key: "fr-en-translation-paper", description: "French to English Translation (Paper)", languageId: 50, method: "paper", durationMinutes: 120, timeLimitMinutes: 120, proctored: true, testType: "translation" },
  { key: "med-es-ls-ivr", description: "Medical Spanish Listening and Speaking (Phone)", languageId: 150, method: "ivr", durationMinutes: 30, timeLimitMinutes: null, proctored: false, testType: "listening_speaking", isMedical: true },
  { key: "med-es-ls-live", description: "Medical Spanish Listening and Speaking (Live)", languageId: 150, method: "live", durationMinutes: 30, timeLimitMinutes: null, proctored: false, testType: "listening_speaking", isMedical: true },
  { key: "med-es-reading", description: "Medical Spanish Reading", languageId: 150, method: "online", durationMinutes: 60, timeLimitMinutes: 60, proctored: false, testType: "reading", isMedical: true },
  { key: "med-cmn-ls-ivr", description: "Medical Mandarin Listening and Speaking (Phone)", languageId: 100, method: "ivr", durationMinutes: 30, timeLimitMinutes: null, proctored: false, testType: "listening_speaking", isMedical: true },
  { key: "med-cmn-ls-video", description: "Medical Mandarin Listening and Speaking (Video)", languageId: 100, method: "video", durationMinutes: 30, timeLimitMinutes: null, proctored: false, testType: "listening_speaking", isMedical: true },
  // Last, so the ids of the tests above stay as they were: the English phone test (IVR content).
  { key: "en-ls-ivr", description: "English Listening and Speaking (Phone)", languageId: 140, method: "ivr", durationMinutes: 30, timeLimitMinutes: null, proctored: false, testType: "listening_speaking" },
  // Then the test that continues by phone: online reading, then spoken answers on a call (demo/phone-continued.ts).
  { key: "en-rs-phone", description: "English Reading and Speaking (Online + Phone)", languageId: 140, method: "online", durationMinutes: 30, timeLimitMinutes: 30, proctored: false, testType: "reading" },
  // Then a test of imported QTI 3 items, one of each interaction (issue 29; content/qti-sample.json).
  { key: "qti-sample", description: "QTI Interactions Sample", languageId: 140, method: "online", durationMinutes: 30, timeLimitMinutes: null, proctored: false, testType: "reading" },
  // Then the QTI 3 test with one item of every interaction (issue 29; content from qti/test/make-demo.ts).
  { key: "en-qti-interactions", description: "English Interactions (QTI 3)", languageId: 140, method: "online", durationMinutes: 30, timeLimitMinutes: 30, proctored: false, testType: "reading" },
];

/** Demo tests with online content: content/<key>.json, linked through tests.content_key. */
export const DEMO_CONTENT_KEYS: readonly string[] = [
  "en-reading",
  "es-en-translation",
  "en-listening",
  "ar-reading",
  "zh-writing",
  "en-writing",
  // Live and video tests: what the candidate reads while the interpreter conducts the session.
  "es-ls-live",
  "cmn-ls-video",
  "med-es-ls-live",
  // Test delivery: the proctored online test and the paper tests (PDF).
  "en-reading-proctored",
  "es-reading-paper",
  "fr-en-translation-paper",
  // Phone (IVR) tests: recorded prompts and spoken responses (server calls/ivr/).
  "en-ls-ivr",
  "es-ls-ivr",
  // An online test that continues by phone: its by_phone sections are taken on a call.
  "en-rs-phone",
  // Imported QTI 3 items: every interaction the runner draws.
  "qti-sample",
  // QTI 3 items of every interaction, scored by the server at submit.
  "en-qti-interactions",
];

/** Recommended medical test sets per language: the first test of each set is the recommended one. */
export const DEMO_MEDICAL_SETS: readonly { languageId: number; label: string; tests: string[] }[] = [
  { languageId: 150, label: "Medical Listening and Speaking", tests: ["med-es-ls-ivr", "med-es-ls-live"] },
  { languageId: 150, label: "Medical Reading", tests: ["med-es-reading", "es-reading-paper"] },
  { languageId: 100, label: "Medical Listening and Speaking", tests: ["med-cmn-ls-ivr", "med-cmn-ls-video"] },
];

export interface CatalogueIds {
  /** Test id by DEMO_TESTS key. */
  tests: Record<string, number>;
  /** Account test id by account id, then test key. */
  accountTests: Record<number, Record<string, number>>;
  healthcareRoles: Record<string, { id: number; specialties: Record<string, number> }>;
}

/**
 * The catalogue, the account tests of each demo account (all tests; medical ones only with the
 * medical option) at the fees of spec §9, the medical sets and the health care roles.
 */
export async function seedCatalogue(tx: Tx, accountsWithMedical: { id: number; medical: boolean }[]): Promise<CatalogueIds> {
  const ids: CatalogueIds = { tests: {}, accountTests: {}, healthcareRoles: {} };
  const testRows = await tx
    .insert(tests)
    .values(DEMO_TESTS.map(({ key, isMedical, ...t }) => ({ ...t, isMedical: isMedical ?? false, contentKey: DEMO_CONTENT_KEYS.includes(key) ? key : null })))
    .returning({ id: tests.id });
  DEMO_TESTS.forEach((t, i) => (ids.tests[t.key] = testRows[i].id));

  for (const account of accountsWithMedical) {
    const offered = DEMO_TESTS.filter((t) => account.medical || !t.isMedical);
    const rows = await tx
      .insert(accountTests)
      .values(
        offered.map((t) => ({
          accountId: account.id,
          testId: ids.tests[t.key],
          feeCents: TEST_FEES_CENTS[t.durationMinutes].withNotice,
          shortNoticeFeeCents: TEST_FEES_CENTS[t.durationMinutes].shortNotice,
        })),
      )
      .returning({ id: accountTests.id });
    ids.accountTests[account.id] = Object.fromEntries(offered.map((t, i) => [t.key, rows[i].id]));
  }

  for (const [position, set] of DEMO_MEDICAL_SETS.entries()) {
    const [row] = await tx.insert(medicalTestSets).values({ languageId: set.languageId, label: set.label, position }).returning({ id: medicalTestSets.id });
    await tx
      .insert(medicalTestSetTests)
      .values(set.tests.map((key, i) => ({ setId: row.id, testId: ids.tests[key], isRecommended: i === 0 })));
  }

  // The roles are reference data (db/reference.ts), in every database: the demo reads their ids.
  const roles = await tx.select({ id: healthcareRoles.id, name: healthcareRoles.name }).from(healthcareRoles);
  const specialties = await tx.select({ id: healthcareSpecialties.id, roleId: healthcareSpecialties.roleId, name: healthcareSpecialties.name }).from(healthcareSpecialties);
  for (const role of roles) {
    ids.healthcareRoles[role.name] = { id: role.id, specialties: Object.fromEntries(specialties.filter((s) => s.roleId === role.id).map((s) => [s.name, s.id])) };
  }
  return ids;
}
